import { expect, type Page, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { testCards } from '../customer/pages/test-cards.ts';
import { runCli } from '../fixtures/cli.ts';
import { nextDuePayin } from '../fixtures/due-period.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { customerByEmail, sql } from './support/ledger.ts';
import { PASSWORD, seedCustomer } from './support/seed.ts';
import { atWidth, snap } from './support/viewport.ts';

/**
 * Every forced run shows a preview first — which month, how many cards, what total (issue 40:
 * the pay-in asked "Charge now the $3 of the latest month that is due…?" with none of them). An
 * operator forces the latest due month's pay-in, then its pay-back: each dialog names the month,
 * the cards and the total before anything moves, the run then sends exactly what it said, and
 * asked again, the preview has nothing left.
 */
const latestDue = DateTime.fromFormat(nextDuePayin().period, 'yyyy-MM', { zone: 'America/New_York' }).minus({
  months: 1,
});
const period = latestDue.toFormat('yyyy-MM');
const month = latestDue.toFormat('LLLL yyyy');
/** When the month's pay-in window closes: its pay-back instant, the 2nd of the next month at 4 PM. */
const windowClosesAt = latestDue
  .plus({ months: 1 })
  .set({ day: 2, hour: 16, minute: 0, second: 0, millisecond: 0 });

async function forceDialog(page: Page, button: 'Transaction Pay In' | 'Payout') {
  await page.getByRole('navigation', { name: 'Admin' }).first().getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function completed(page: Page, title: string) {
  const progress = page.getByRole('status', { name: `${title} progress` });
  await expect(progress).toContainText('Completed', { timeout: 30_000 });
}

test('a forced pay-in and its pay-back each say the month, the cards and the total first', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // The journey backdates a new customer's cards into the latest due month, so it needs that month's
  // pay-in window still open: from the 28th at 4 PM to the 2nd at 4 PM (New York). Later, the window
  // was closed (its owed cards recorded `missed`) before this customer existed, and the forced run
  // rightly has nothing of theirs to send. The server's tests prove forcing a closed window with a
  // set clock at any date (force-run.test.ts, payin-run.test.ts) and the preview against the run
  // (preview-forced-run.test.ts); this journey ran on the 2nd after 4 PM in CI and failed so.
  test.skip(
    Date.now() >= windowClosesAt.toMillis(),
    `the ${month} pay-in window is closed (it closes ${windowClosesAt.toISO()}); the journey needs it open`,
  );
  await atWidth(page, 1280);
  const { email } = await seedCustomer(browser, baseURL ?? '', {
    prefix: 'forced-preview',
    cards: [testCards.visa, testCards.mastercard],
    plan: 'semi-annual',
  });
  const { id } = await customerByEmail(email);
  const staff = `forced-${Date.now()}@example.com`;
  runCli(['user:create', '--email', staff, '--password', PASSWORD, '--role', 'finance']);
  await page.goto('/login');
  await new HostedLogin(page).signIn(staff, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);

  // With Pria for two months, both cards are owed the latest due month's $3. Made so just before
  // asking: while that month's window is open, the minute's tick charges newly owed cards itself
  // (the server test, preview-forced-run.test.ts, ties the preview to the run without a tick).
  for (const table of ['cards', 'subscriptions'])
    await sql(`update ${table} set created_at = created_at - interval '62 days' where customer_id = $1`, [
      id,
    ]);

  // The pay-in: the month, the cards, the total, before anything is charged.
  let dialog = await forceDialog(page, 'Transaction Pay In');
  const asked = new RegExp(
    `Charge the \\$3 of ${month} now on ([\\d,]+) cards?: \\$([\\d,]+\\.\\d\\d) in all\\?`,
  );
  await expect(dialog).toContainText(asked);
  const [, cards = '0', total = '0'] = asked.exec((await dialog.textContent()) ?? '') ?? [];
  const owed = Number(cards.replace(/,/g, ''));
  expect(owed).toBeGreaterThanOrEqual(2);
  expect(Number(total.replace(/,/g, ''))).toBe(owed * 3);
  await expect(dialog).toContainText(`A card already charged for ${month} is not charged again.`);
  await snap(page, '1280-j40-forced-payin-preview');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await completed(page, 'Pay-in run');
  // The customer's two cards among them, once each.
  expect(
    await sql(
      `select status from payment_attempts where customer_id = $1 and kind = 'payin' and period = $2`,
      [id, period],
    ),
  ).toEqual([{ status: 'captured' }, { status: 'captured' }]);
  // Asked again: nothing left to charge for the month.
  dialog = await forceDialog(page, 'Transaction Pay In');
  await expect(dialog).toContainText(
    `No card is owed the $3 of ${month} now: forcing the pay-in charges nothing.`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The pay-back of what was charged: the same, before anything is sent. (After the month's
  // pay-back instant, a late capture's pay-back is sent by the tick at once: then there may be
  // none left to force, and the preview says so.)
  dialog = await forceDialog(page, 'Payout');
  // The pay-back names the latest month charged in this database: another spec of the same run may
  // have forced a later month's pay-in ahead of time (billing:run --at), and then it is that month.
  const [latest] = await sql<{ period: string | null }>(
    `select max(period) as period from payment_attempts where kind = 'payin' and status = 'captured'`,
  );
  const paidMonth =
    latest?.period && latest.period > period
      ? DateTime.fromFormat(latest.period, 'yyyy-MM').toFormat('LLLL yyyy')
      : month;
  const payBack = new RegExp(
    `Pay back now ([\\d,]+) charges? of \\$3 from ${paidMonth} and before, to ([\\d,]+) cards?: \\$([\\d,]+\\.\\d\\d) in all\\?|No \\$3 charge from ${paidMonth} or before is owed a pay-back now`,
  );
  await expect(dialog).toContainText(payBack);
  const [, charges, , sum] = payBack.exec((await dialog.textContent()) ?? '') ?? [];
  if (charges !== undefined)
    expect(Number(sum?.replace(/,/g, ''))).toBe(Number(charges.replace(/,/g, '')) * 3);
  await snap(page, '1280-j40-forced-payout-preview');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  if (charges !== undefined) await completed(page, 'Payout run');
  await expect
    .poll(
      () => sql(`select status, amount_cents from payouts where customer_id = $1 order by card_id`, [id]),
      {
        timeout: 30_000,
      },
    )
    .toEqual([
      { status: 'paid', amount_cents: '300' },
      { status: 'paid', amount_cents: '300' },
    ]);
  dialog = await forceDialog(page, 'Payout');
  await expect(dialog).toContainText(`No $3 charge from ${paidMonth} or before is owed a pay-back now`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
