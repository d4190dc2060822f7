import { expect, test } from '@playwright/test';
import pg from 'pg';
import { runCli } from '../fixtures/cli.ts';
import { nextDuePayin } from '../fixtures/due-period.ts';
import { e2eDatabaseUrl } from '../fixtures/env.ts';
import { snap } from '../fixtures/snap.ts';
import { AdminShell, horizontalOverflow, signInAsNewAdmin, TransactionsList } from './pages/admin-portal.ts';
import { type SeededCustomer, seedSubscribedCustomer } from './seed.ts';

/**
 * The money engine's staff screens (issue 21): a pay-back returned by a closed card waits on the
 * Pay-backs page with the customer's other cards and is sent to the one staff choose; a month
 * Pria missed shows in reconciliation, and staff may charge it after all.
 */
const NY = 'America/New_York';
const periodOf = (d: Date) => {
  const [y, m] = d.toLocaleDateString('en-CA', { timeZone: NY }).split('-');
  return `${y}-${m}`;
};
const monthsBefore = (period: string, n: number) => {
  const [y = 0, m = 1] = period.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
const label = (period: string) =>
  new Date(`${period}-15T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

let client: SeededCustomer & { cardIds: string[] };
const current = periodOf(new Date());
const due = nextDuePayin();

test.beforeAll(async ({ browser }, info) => {
  info.setTimeout(120_000);
  // A Visa that works and a card whose account is closed: its pay-backs come back.
  client = await seedSubscribedCustomer(browser, String(info.project.use.baseURL), [
    '4111111111111111',
    '4000000000005126',
  ]);
});

test('a returned pay-back waits with the customer’s other cards, and staff send it to one', async ({
  page,
}) => {
  // The next month's pay-in and pay-back, forced at its due instant (never before it).
  runCli(['billing:run', 'payin', '--period', due.period, '--at', due.at]);
  runCli(['billing:run', 'payout', '--period', due.period, '--at', due.at]);
  await signInAsNewAdmin(page);
  const banner = page.getByRole('status').filter({ hasText: 'returned by the card' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('table', { name: 'Runs' })).toContainText('Pay-back');
  await snap(page, '1280-admin-home-attention');
  // At 1280 px the reconciliation reads whole: the amount owed and every column, no sideways scroll.
  const recon = page.getByRole('table', { name: 'Reconciliation' });
  await expect(recon.getByText('1 pay-back owed')).toBeVisible();
  const overflow = await horizontalOverflow(recon);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
  const csv = recon.getByRole('columnheader', { name: 'CSV' });
  await csv.scrollIntoViewIfNeeded();
  await expect(csv).toBeInViewport({ ratio: 1 });
  await banner.getByRole('link', { name: 'Open Pay-backs' }).click();
  await expect(page).toHaveURL(/\/admin\/paybacks$/);

  const row = page.getByRole('row').filter({ hasText: client.email });
  await expect(row).toContainText('Returned');
  await expect(row).toContainText('Account closed');
  await expect(row).toContainText('$3.00');
  await snap(page, '1280-admin-paybacks');
  const send = row.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await row.getByRole('combobox', { name: /Card to send the \$3\.00 pay-back/ }).click();
  await page.getByRole('option', { name: 'Visa •••• 1111' }).click();
  await send.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("Send $3.00 to Visa •••• 1111? It is paid at the next minute's tick");
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await new AdminShell(page).expectToast('Pay-back scheduled to the chosen card');
  await expect(page.getByRole('row').filter({ hasText: client.email })).toHaveCount(0);

  runCli(['billing:run', 'payout', '--period', due.period, '--at', due.at]);
  const db = new pg.Client({ connectionString: e2eDatabaseUrl });
  await db.connect();
  try {
    const paid = await db.query(
      `select p.status, c.last_four from payouts p join cards c on c.id = p.paid_to_card_id
       where p.card_id = $1`,
      [client.cardIds[1]],
    );
    expect(paid.rows).toEqual([{ status: 'paid', last_four: '1111' }]);
    const audit = await db.query(
      `select action from staff_audit where target_type = 'payout' order by id desc limit 1`,
    );
    expect(audit.rows).toEqual([{ action: 'payback.send_to_card' }]);
  } finally {
    await db.end();
  }

  // In the transactions list the pay-backs are never selectable for verification; the $3 charges
  // they repay are.
  await new AdminShell(page).go('Transactions');
  const list = new TransactionsList(page);
  await list.filterByUser(client.id);
  const paybacks = list.rowWith('Pay-back');
  await expect(paybacks.first()).toBeVisible();
  for (const row of await paybacks.all()) await expect(row.getByRole('checkbox')).toHaveCount(0);
  const charge = list.rowWith('Visa •••• 1111').filter({ hasText: 'Monthly charge' });
  await expect(charge.getByRole('checkbox')).toHaveCount(1);
});

test('a month Pria missed shows in reconciliation, and staff may charge it after all', async ({ page }) => {
  // The client has been with Pria for five months; Pria last ran four months ago, then was down.
  const db = new pg.Client({ connectionString: e2eDatabaseUrl });
  await db.connect();
  const fiveMonthsAgo = `${monthsBefore(current, 5)}-01T12:00:00Z`;
  try {
    await db.query('update cards set created_at = $2 where customer_id = $1', [client.id, fiveMonthsAgo]);
    await db.query('update subscriptions set created_at = $2 where customer_id = $1', [
      client.id,
      fiveMonthsAgo,
    ]);
  } finally {
    await db.end();
  }
  const anchor = monthsBefore(current, 4);
  runCli(['billing:run', 'payin', '--period', anchor]);
  runCli(['billing:tick', '--at', new Date().toISOString()]);

  await signInAsNewAdmin(page);
  const missed = monthsBefore(current, 2);
  const table = page.getByRole('table', { name: 'Reconciliation' });
  const row = table.getByRole('row').filter({ hasText: label(missed) });
  await expect(row.getByRole('button', { name: 'Charge missed month' })).toBeVisible();
  await snap(page, '1280-admin-reconciliation-missed');
  await row.getByRole('button', { name: 'Charge missed month' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Charges $3.00 once on each of the');
  await expect(dialog).toContainText('because Pria was unavailable');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const shell = new AdminShell(page);
  await shell.expectToast('Pay-in run started');
  await expect(shell.runProgress('Pay-in run')).toContainText('Completed', { timeout: 20_000 });
});

test('the Pay-backs page and the home read well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewAdmin(page);
  await expect(page.getByRole('table', { name: 'Reconciliation' })).toBeVisible();
  await snap(page, '390-admin-home');
  await page.goto('/admin/paybacks');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay-backs' })).toBeVisible();
  await snap(page, '390-admin-paybacks');
});
