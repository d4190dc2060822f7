import { expect, test } from '@playwright/test';
import { seedSubscribedCustomer } from '../admin/seed.ts';
import { runCli } from '../fixtures/cli.ts';
import { nextDuePayin } from '../fixtures/due-period.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { snap } from '../fixtures/snap.ts';

/**
 * The dashboard's progress panel (issue 32) after a real month: the Visa charged and paid back,
 * the second card declined for lack of funds (with what to do), read as a table at 1280 and 390 px.
 */
// The next month whose pay-in comes due (forced at its due instant: never before it).
const due = nextDuePayin();
const monthLabel = new Date(`${due.period}-15T12:00:00Z`).toLocaleDateString('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

test('progress shows each card’s month: paid back, or declined with the reason and what to do', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const client = await seedSubscribedCustomer(browser, String(baseURL), [
    '4111111111111111',
    '4000000000009995',
  ]);
  runCli(['billing:run', 'payin', '--period', due.period, '--at', due.at]);
  runCli(['billing:run', 'payout', '--period', due.period, '--at', due.at]);

  await page.goto('/login');
  await new HostedLogin(page).signIn(client.email, 'a-strong-passphrase-1');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Your progress' });
  await expect(panel.getByText('So far: 1 month, $3.00 charged, $3.00 paid back.')).toBeVisible();
  await expect(panel.getByText('On time in a row', { exact: true })).toBeVisible();

  const visa = panel.getByRole('table', { name: 'Visa •••• 1111' });
  await expect(
    visa.getByRole('row', { name: new RegExp(`${monthLabel}.*\\$3\\.00.*\\$3\\.00.*Charged and paid back`) }),
  ).toBeVisible();
  const declined = panel.getByRole('table', { name: 'Visa •••• 9995' });
  const row = declined.getByRole('row', { name: new RegExp(monthLabel) });
  await expect(row).toContainText('Declined');
  await expect(row).toContainText('Your card declined the charge (Insufficient funds)');
  await expect(row).toContainText('make sure the card has at least $3 of available credit');

  await panel.getByRole('button', { name: 'How Charge & Pay relates to your credit' }).click();
  await expect(panel.getByText('Payment history', { exact: true })).toBeVisible();
  await expect(panel.getByText(/can't promise any change to your credit score/)).toBeVisible();
  await snap(page, '1280-dashboard-progress');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(visa).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await snap(page, '390-dashboard-progress');
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
});
