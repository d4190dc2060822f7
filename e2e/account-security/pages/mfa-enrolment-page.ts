import { expect, type Page } from '@playwright/test';

/** The IdP's enrolment page (/oidc/mfa/enroll?ticket=...), opened by the app in a new tab. */
export class MfaEnrolmentPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async chooseAuthenticator(): Promise<string> {
    await expect(this.page).toHaveURL(/\/oidc\/mfa\/enroll\?ticket=/);
    await expect(this.page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await this.page.getByRole('radio', { name: /Authenticator app/ }).check();
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page.getByRole('heading', { name: 'Scan with your authenticator app' })).toBeVisible();
    await expect(this.page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = ((await this.page.locator('code.secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    return secret;
  }

  async confirm(code: string) {
    await this.page.getByRole('textbox', { name: 'Code' }).fill(code);
    await this.page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await expect(this.page.getByRole('heading', { name: 'Two-factor authentication is on' })).toBeVisible();
  }
}
