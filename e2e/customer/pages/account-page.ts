import { expect, type Page } from '@playwright/test';
import { expectToast } from './toasts.ts';

export class AccountPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(section = '') {
    await this.page.goto(`/dashboard/account${section ? `/${section}` : ''}`);
    await expect(this.page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  }

  section(title: string) {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  phone() {
    return this.section('Personal Information').getByRole('textbox', { name: 'Phone number' });
  }

  async saveProfile() {
    await this.section('Personal Information').getByRole('button', { name: 'Save changes' }).click();
  }

  async removeCard(lastFour: string) {
    await this.section('Payment Method')
      .getByRole('button', { name: `Edit card ending ${lastFour}` })
      .click();
    const modal = this.page.getByRole('dialog', { name: 'Edit Credit Card' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Remove Card' }).click();
    const confirm = this.page.getByRole('dialog', { name: new RegExp(`^Remove \\w+ •••• ${lastFour}\\?$`) });
    await expect(
      confirm.getByText('It will no longer get the $3 monthly charge of Charge & Pay.'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: new RegExp(`^Remove \\w+ •••• ${lastFour}$`) }).click();
    await expectToast(this.page, 'Card removed successfully');
    await expect(modal).toBeHidden();
  }

  subscriptionSwitch() {
    return this.section('Subscription').getByRole('switch', { name: 'Subscription enabled' });
  }

  async toggleSubscription(question: string, toast: string) {
    await this.subscriptionSwitch().click();
    const confirm = this.page.getByRole('dialog').filter({ hasText: question });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(this.page, toast);
    await expect(confirm).toBeHidden();
  }
}
