import { expect, type Locator, type Page } from '@playwright/test';
import { expectToast } from '../../customer/pages/toasts.ts';

/** The account page's Security, Notifications and Delete Account sections. */
export class AccountSecurityPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(section: 'security' | 'notifications' | 'personalinfo' | '' = '') {
    await this.page.goto(`/dashboard/account${section ? `/${section}` : ''}`);
    await expect(this.page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  }

  section(title: 'Security' | 'Notifications' | 'Delete Account' | 'Personal Information'): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  // Security: two-factor switches

  mfaSwitch(name: 'Authenticator app' | 'Email' | 'SMS'): Locator {
    return this.section('Security').getByRole('switch', { name, exact: true });
  }

  mfaStatus(): Locator {
    return this.section('Security').getByTestId('mfa-status');
  }

  // Security: password

  currentPassword(): Locator {
    return this.section('Security').getByLabel('Current password');
  }

  newPassword(): Locator {
    return this.section('Security').getByLabel('New password');
  }

  confirmPassword(): Locator {
    return this.section('Security').getByLabel('Confirm password');
  }

  async submitPassword() {
    await this.section('Security').getByRole('button', { name: 'Change password' }).click();
  }

  // Notifications

  channel(name: 'Email' | 'SMS'): Locator {
    return this.section('Notifications').getByRole('group', { name: `${name} notifications` });
  }

  master(name: 'Email' | 'SMS'): Locator {
    return this.channel(name).getByRole('checkbox', { name, exact: true });
  }

  type(channel: 'Email' | 'SMS', label: 'Charges' | 'Payments' | 'Subscription Updates'): Locator {
    return this.channel(channel).getByRole('checkbox', { name: label, exact: true });
  }

  /** Clicks a checkbox and waits for the save ('Updated Successfully'). */
  async toggle(checkbox: Locator) {
    const saved = this.page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/customers/notification') && r.request().method() === 'POST',
    );
    await checkbox.click();
    expect((await saved).status()).toBe(200);
    await expectToast(this.page, 'Updated Successfully');
  }

  // Personal information (a phone is needed for the deletion code by SMS)

  async saveProfile(p: { firstName: string; lastName: string; phone: string; zip: string }) {
    const s = this.section('Personal Information');
    await s.getByRole('textbox', { name: 'First name' }).fill(p.firstName);
    await s.getByRole('textbox', { name: 'Last name' }).fill(p.lastName);
    await s.getByRole('textbox', { name: 'Phone number' }).fill(p.phone);
    await s.getByRole('textbox', { name: 'Zip Code' }).fill(p.zip);
    await s.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(this.page, 'Updated successfully');
  }
}
