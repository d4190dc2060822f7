import { expect, test } from '@playwright/test';
import pg from 'pg';
import { runCli } from '../fixtures/cli.ts';
import { nextDuePayin } from '../fixtures/due-period.ts';
import { e2eDatabaseUrl } from '../fixtures/env.ts';
import { snap } from '../fixtures/snap.ts';
import { signInAsNewAdmin } from './pages/admin-portal.ts';
import { type SeededCustomer, seedSubscribedCustomer } from './seed.ts';

/**
 * Refunds and disputes in the admin portal (issue 16): finance refunds a plan charge from the
 * transactions list (reason required, once), and records a chargeback's outcome on the Disputes
 * page; the withheld pay-back is then released.
 */
// The month's pay-in is forced at its due instant (never before it).
const due = nextDuePayin();

let client: SeededCustomer & { cardIds: string[] };
// A second subscriber for the dispute: a refunded plan (the first test) ends the $3 charges.
let disputer: SeededCustomer & { cardIds: string[] };

async function one<T>(query: string, params: unknown[]): Promise<T> {
  const db = new pg.Client({ connectionString: e2eDatabaseUrl });
  await db.connect();
  try {
    const r = await db.query(query, params);
    return r.rows[0] as T;
  } finally {
    await db.end();
  }
}

test.beforeAll(async ({ browser }, info) => {
  info.setTimeout(120_000);
  client = await seedSubscribedCustomer(browser, String(info.project.use.baseURL), ['4111111111111111']);
  disputer = await seedSubscribedCustomer(browser, String(info.project.use.baseURL), ['4111111111111111']);
});

test('finance refunds a plan charge from the transactions list, with a reason, once', async ({ page }) => {
  await signInAsNewAdmin(page);
  await page.goto(`/admin/transactions?userId=${client.id}`);
  const row = page.getByRole('row').filter({ hasText: 'Plan charge' });
  await expect(row).toHaveCount(1);
  const refundButton = row.getByRole('button', { name: 'Refund' });
  await refundButton.click();
  const dialog = page.getByRole('dialog', { name: 'Refund the plan charge' });
  // Its title in the weight of the other dialogs' (the confirmations', components/overlays/dialog).
  const title = dialog.getByRole('heading', { name: 'Refund the plan charge' });
  await expect(title).toHaveCSS('font-weight', '600');
  // "Go back" beside the confirm leaves without refunding anything, and the keyboard is back on the
  // button that opened the dialog; so it is after Escape, from the keyboard.
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toBeHidden();
  await expect(refundButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(refundButton).toBeFocused();
  expect(
    (await one<{ n: number }>('select count(*)::int as n from refunds where customer_id = $1', [client.id]))
      .n,
  ).toBe(0);
  await refundButton.click();
  await dialog.getByRole('radio', { name: /Everything not refunded yet/ }).check();
  // Before confirming, the dialog says what the refund sends and that it ends the plan.
  await expect(dialog.getByText('This ends the customer’s plan today')).toBeVisible();
  const confirm = dialog.getByRole('button', { name: /^Refund \$\d+\.\d\d and end the plan$/ });
  await confirm.click();
  await expect(dialog.getByText('Give a reason for the refund')).toBeVisible();
  await dialog.getByLabel('Reason (internal)').fill('Customer cancelled on day one');
  await dialog.getByLabel('Message to the customer (optional)').fill('Sorry to see you go.');
  await snap(page, '1280-admin-refund-dialog');
  await confirm.click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Refund sent' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Refunded $');
  // Refunded in full: no Refund button, the reason in its place (issue 29).
  await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  const unavailable = row.getByLabel('Refund unavailable: Nothing is left to refund on this charge');
  await expect(unavailable).toBeVisible();
  // The keyboard, given back to the Refund button, stays in its place with the note that replaced it.
  await expect(unavailable).toBeFocused();

  const refund = await one<{ n: number; cents: string; requested_by: string }>(
    `select count(*)::int as n, sum(amount_cents)::text as cents, max(requested_by) as requested_by
     from refunds where customer_id = $1`,
    [client.id],
  );
  expect(refund.n).toBe(1);
  const charged = await one<{ cents: string }>(
    `select amount_cents::text as cents from payment_attempts where customer_id = $1 and kind = 'subscription'`,
    [client.id],
  );
  expect(refund.cents).toBe(charged.cents);
});

test('a chargeback withholds the pay-back until staff record the outcome on the Disputes page', async ({
  page,
}) => {
  runCli(['billing:run', 'payin', '--period', due.period, '--at', due.at]);
  const charge = await one<{ id: string }>(
    `select id from payment_attempts where customer_id = $1 and kind = 'payin' and status = 'captured'`,
    [disputer.id],
  );
  runCli(['billing:dispute', '--charge', charge.id]);
  runCli(['billing:tick', '--at', new Date().toISOString()]);

  await signInAsNewAdmin(page);
  await page.goto('/admin/disputes');
  const row = page
    .getByRole('table', { name: 'Disputes' })
    .getByRole('row')
    .filter({ hasText: disputer.email });
  await expect(row).toContainText('open');
  await expect(row).toContainText('Withheld');
  await expect(row).toContainText('$3.00');
  await snap(page, '1280-admin-disputes');
  // Issue 16 §6: at 1280 px no badge in the row is cut short ("OP…").
  const cut = await row
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
  expect(cut).toEqual([]);

  await row.getByRole('button', { name: 'Won' }).click();
  const confirm = page.getByRole('dialog', { name: 'Record the dispute as won' });
  await expect(confirm).toContainText('the withheld $3.00 pay-back goes to the customer');
  await confirm.getByLabel('Note (optional)').fill('Network ruled for us');
  await confirm.getByRole('button', { name: 'Record as won' }).click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Dispute decision recorded' }),
  ).toBeVisible();
  await expect(page.getByText('No open disputes')).toBeVisible();

  await page.locator('.mantine-SegmentedControl-root').getByText('Won', { exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Disputes' }).getByRole('row').filter({ hasText: disputer.email }),
  ).toContainText('won');
  await page.goto(`/admin/transactions?userId=${disputer.id}`);
  await expect(page.getByRole('row').filter({ hasText: 'Dispute won' })).toHaveCount(1);
  const dispute = await one<{ status: string }>(`select status from disputes where attempt_id = $1`, [
    charge.id,
  ]);
  expect(dispute.status).toBe('won');

  // A disputed plan charge has no pay-back: the list says so, never "Withheld" (issue 29).
  const plan = await one<{ id: string }>(
    `select id from payment_attempts where customer_id = $1 and kind = 'subscription' and status = 'captured'`,
    [disputer.id],
  );
  runCli(['billing:dispute', '--charge', plan.id]);
  runCli(['billing:tick', '--at', new Date().toISOString()]);
  await page.goto('/admin/disputes');
  const planRow = page
    .getByRole('table', { name: 'Disputes' })
    .getByRole('row')
    .filter({ hasText: disputer.email });
  await expect(planRow).toContainText('Plan charge of');
  await expect(planRow).toContainText('No pay-back — plan charge');
  await expect(planRow).not.toContainText('Withheld');
});
