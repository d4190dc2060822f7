import { expect, test } from '@playwright/test';
import { signUpNewCustomer } from '../customer/pages/sign-up.ts';
import { expectToast } from '../customer/pages/toasts.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { AccountSecurityPage } from './pages/account-security-page.ts';

/**
 * Account → Security → "Sign out everywhere" (issue 30): after a confirmation every session of
 * the account ends, this one and another browser's; the other browser notices when its tab is looked at
 * again, is asked to sign in again with the reason, and comes back to where it was. So does another
 * tab of this browser, whose stored session the first tab forgot.
 */
test('signs out this browser and another one; the other notices on focus, signs in again and comes back', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await signUpNewCustomer(page, 'everywhere');

  // The same person on another device, on their account page.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto('/login');
  await new HostedLogin(phone).signIn(email, password);
  await expect(phone).toHaveURL(/\/(dashboard|onboarding)/);
  const phoneAccount = new AccountSecurityPage(phone);
  await phoneAccount.open('personalinfo');

  // And a second tab of this browser: the first tab forgets the session they share, so this one
  // finds no token at all, and must still notice that it is signed out.
  const tab = await page.context().newPage();
  const tabAccount = new AccountSecurityPage(tab);
  await tabAccount.open('personalinfo');

  const account = new AccountSecurityPage(page);
  await page.bringToFront();
  await account.open('security');
  const section = account.section('Security');
  await section.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(dialog).toContainText('This device too');
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expectToast(page, 'Signed out on every device. Please log in again.');
  await expect(page).toHaveURL(/\/signed-out\?reason=signed-out-everywhere$/);
  await expect(page.getByRole('heading', { name: 'You are signed out everywhere' })).toBeVisible();

  // The other browser notices as soon as its tab is looked at again (issue 29: it checks on focus,
  // on becoming visible and every minute on screen), without a click or a reload: it is sent to
  // sign in, told why, and lands back on its page.
  await phone.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(phone.getByRole('heading', { name: 'Welcome back' })).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByText('You were signed out. Log in again to continue.')).toBeVisible();
  if (await phone.getByLabel('Email').isEditable()) await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Password', { exact: true }).fill(password);
  await phone.getByRole('button', { name: 'Log in' }).click();
  await expect(phone).toHaveURL(/\/dashboard\/account\/personalinfo$/);
  await expect(phoneAccount.section('Personal Information')).toBeVisible();
  await other.close();

  // The second tab, looked at again, is sent to sign in as well, told why.
  await tab.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(tab.getByRole('heading', { name: 'Welcome back' })).toBeVisible({ timeout: 15_000 });
  await expect(tab.getByText('You were signed out. Log in again to continue.')).toBeVisible();
});
