import { expect, test } from '@playwright/test';
import { signUpNewCustomer } from '../customer/pages/sign-up.ts';
import { AccountSecurityPage } from './pages/account-security-page.ts';

test('notification preferences: master checkboxes and single types save and survive a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpNewCustomer(page, 'notify');
  const account = new AccountSecurityPage(page);
  await account.open('notifications');

  // Default: everything by email, nothing by SMS.
  await expect(account.master('Email')).toBeChecked();
  await expect(account.master('SMS')).not.toBeChecked();
  await expect(account.type('Email', 'Charges')).toBeChecked();
  await expect(account.type('SMS', 'Payments')).not.toBeChecked();

  // The SMS master sets all three types.
  await account.toggle(account.master('SMS'));
  for (const t of ['Charges', 'Payments', 'Subscription Updates'] as const) {
    await expect(account.type('SMS', t)).toBeChecked();
  }
  // Clearing one email type takes the email master off; clearing all SMS types does too.
  await account.toggle(account.type('Email', 'Payments'));
  await expect(account.master('Email')).not.toBeChecked();
  for (const t of ['Charges', 'Payments', 'Subscription Updates'] as const) {
    await account.toggle(account.type('SMS', t));
  }
  await expect(account.master('SMS')).not.toBeChecked();
  await account.toggle(account.type('SMS', 'Subscription Updates'));

  await page.reload();
  await expect(account.master('Email')).not.toBeChecked();
  await expect(account.type('Email', 'Charges')).toBeChecked();
  await expect(account.type('Email', 'Payments')).not.toBeChecked();
  await expect(account.type('Email', 'Subscription Updates')).toBeChecked();
  await expect(account.type('SMS', 'Subscription Updates')).toBeChecked();
  await expect(account.type('SMS', 'Charges')).not.toBeChecked();

  // Choosing the last missing email type turns the master on again; the email master clears all.
  await account.toggle(account.type('Email', 'Payments'));
  await expect(account.master('Email')).toBeChecked();
  await account.toggle(account.master('Email'));
  for (const t of ['Charges', 'Payments', 'Subscription Updates'] as const) {
    await expect(account.type('Email', t)).not.toBeChecked();
  }
  await page.reload();
  await expect(account.master('Email')).not.toBeChecked();
  await expect(account.type('Email', 'Payments')).not.toBeChecked();
  await expect(account.type('SMS', 'Subscription Updates')).toBeChecked();

  // 390px: the two channels stack.
  await page.setViewportSize({ width: 390, height: 844 });
  await account.open('notifications');
  await expect(account.master('SMS')).toBeVisible();
  // Measured once layout and the section scroll have settled (boxes are null mid re-render).
  await expect
    .poll(async () => {
      const email = await account.channel('Email').boundingBox();
      const sms = await account.channel('SMS').boundingBox();
      return Boolean(email && sms && sms.y >= email.y + email.height - 1);
    })
    .toBe(true);
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
});
