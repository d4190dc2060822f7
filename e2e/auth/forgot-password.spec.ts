import { expect, test } from '@playwright/test';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { firstLink, waitForMessage } from '../fixtures/outbox.ts';

test('a customer who forgot the password resets it by email and logs in with the new one', async ({
  browser,
  page: signUpPage,
  request,
}) => {
  const email = `forgot-${Date.now()}@example.com`;
  const oldPassword = 'a-strong-passphrase-1';
  const newPassword = 'copper lantern meadow 7';

  await signUpPage.goto('/signup');
  await new HostedLogin(signUpPage).signUp(email, oldPassword);
  // In the app: a new customer's home (/dashboard) sends them on to onboarding, which is where
  // they stay (the stop at /dashboard can be too brief to observe).
  await expect(signUpPage).toHaveURL(/\/onboarding/);

  // Another browser, signed out.
  const context = await browser.newContext();
  const page = await context.newPage();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText("If an account exists for that address, we've sent a link")).toBeVisible();

  const mail = await waitForMessage(request, email, /reset-password\?token=/);
  await page.goto(firstLink(mail.text));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm new password').fill('password123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This password is too common.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();

  // Back on the sign-in page with a confirmation; the new password works.
  await expect(page.getByRole('status')).toContainText('Your password was changed');
  await new HostedLogin(page).signIn(email, newPassword);
  await expect(page).toHaveURL(/\/onboarding/);
  await waitForMessage(request, email, /password of your Pria account was just reset/);
  await context.close();
});
