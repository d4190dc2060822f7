import { expect, type Page } from '@playwright/test';
import { HostedLogin } from '../../fixtures/hosted-login.ts';

/** A brand-new customer through the hosted sign-up page; lands in onboarding. */
export async function signUpNewCustomer(
  page: Page,
  prefix = 'customer',
): Promise<{ email: string; password: string }> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'a-strong-passphrase-1';
  await page.goto('/signup');
  await new HostedLogin(page).signUp(email, password);
  await expect(page).toHaveURL(/\/(dashboard|onboarding)/);
  return { email, password };
}
