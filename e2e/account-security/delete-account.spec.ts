import { expect, test } from '@playwright/test';
import { signUpNewCustomer } from '../customer/pages/sign-up.ts';
import { expectToast } from '../customer/pages/toasts.ts';
import { waitForMessage } from '../fixtures/outbox.ts';
import { AccountSecurityPage } from './pages/account-security-page.ts';
import { signInWithPassword } from './pages/session.ts';

test('deleting the account: confirm, code by SMS, wrong code refused, right code deletes and logs out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await signUpNewCustomer(page, 'delete');
  const phone = `202555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const account = new AccountSecurityPage(page);
  await account.open('personalinfo');
  await account.saveProfile({ firstName: 'Dee', lastName: 'Leet', phone, zip: '10118' });

  const section = account.section('Delete Account');
  await section.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete account' });
  await expect(confirm.getByText('Are you sure you want to delete your account?')).toBeVisible();
  await expect(
    confirm.getByText('A code will be sent to the phone number linked to your account.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  const codeDialog = page.getByRole('dialog', { name: 'Enter your code' });
  await expect(codeDialog.getByText(`by text message to •••• ${phone.slice(-4)}`)).toBeVisible();
  const sms = await waitForMessage(request, `+1${phone}`, /account deletion code is \d{4}/);
  const code = /code is (\d{4})/.exec(sms.text)?.[1] ?? '';

  // Required, then a wrong code: the server's words, nothing deleted.
  const input = codeDialog.getByPlaceholder('Code (xxxx)');
  await codeDialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(codeDialog.getByText('Code is required')).toBeVisible();
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
  await input.fill(wrong);
  await codeDialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(codeDialog.getByText('Invalid or expired code')).toBeVisible();

  await input.fill(code);
  await codeDialog.getByRole('button', { name: 'Delete my account' }).click();
  await expectToast(page, 'Account Deleted successfully');
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible();

  // The identity is gone: signing in again fails.
  await signInWithPassword(page, email, password);
  await expect(page.getByText('Wrong email or password.')).toBeVisible();
});
