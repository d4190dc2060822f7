import { expect, test } from '@playwright/test';
import { signUpNewCustomer } from '../customer/pages/sign-up.ts';
import { expectToast } from '../customer/pages/toasts.ts';
import { AccountSecurityPage } from './pages/account-security-page.ts';
import { expectInApp, signInWithPassword } from './pages/session.ts';

test('changing the password logs out; the old password stops working, the new one works', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await signUpNewCustomer(page, 'password');
  const account = new AccountSecurityPage(page);
  await account.open('security');

  // Spec §5 messages, each a sentence with its full stop (issue 40), and the current password
  // asked first (issue 29).
  await account.submitPassword();
  await expect(
    account.section('Security').getByText('Current password is required.', { exact: true }),
  ).toBeVisible();
  await expect(account.section('Security').getByText('Password is required.', { exact: true })).toBeVisible();
  await account.newPassword().fill('another-passphrase-2');
  await account.confirmPassword().fill('another-passphrase-3');
  await account.submitPassword();
  await expect(account.section('Security').getByText('Passwords must match.', { exact: true })).toBeVisible();

  // A wrong current password: said under its field, nothing changes, still signed in here.
  const newPassword = 'another-passphrase-2';
  await account.confirmPassword().fill(newPassword);
  await account.currentPassword().fill('not-my-password-1');
  await account.submitPassword();
  await expect(account.currentPassword()).toHaveAccessibleDescription(
    /Your current password is not correct\./,
  );
  await expect(account.currentPassword()).toHaveAttribute('aria-invalid', 'true');
  await expect(account.currentPassword()).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard\/account\/security$/);

  await account.currentPassword().fill(password);
  await account.submitPassword();
  await expectToast(page, 'Password changed. Please log in again.');
  // Logged out, on a page that says what happened (issue 29), with Log In.
  await expect(page).toHaveURL(/\/signed-out\?reason=password-changed$/);
  await expect(page.getByRole('heading', { name: 'Your password was changed' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();

  await signInWithPassword(page, email, password);
  await expect(page.getByText('Wrong email or password.')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectInApp(page);
});
