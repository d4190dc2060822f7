import { expect, type Page } from '@playwright/test';
import { HostedLogin } from '../../fixtures/hosted-login.ts';

/**
 * Logout from the name dropdown (waits 3 s) back to the landing page: the provider signs Pria's
 * own request out without asking (issue 40).
 */
export async function signOut(page: Page) {
  // The name dropdown is the banner's only menu button.
  await page.getByRole('banner').locator('button[aria-haspopup="menu"]').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/, { timeout: 15_000 });
}

/** Email and password on the hosted page; with MFA it stops at the second step. */
export async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, password);
}

export function secondStep(page: Page) {
  return {
    heading: page.getByRole('heading', { name: 'Two-factor authentication' }),
    async submit(code: string) {
      await page.getByRole('textbox', { name: 'Code' }).fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
    },
  };
}

export async function expectInApp(page: Page) {
  await expect(page).toHaveURL(/\/(dashboard|onboarding)/);
}
