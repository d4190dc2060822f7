import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertCard,
  insertCharge,
  insertCustomer,
  insertDispute,
  insertPayout,
} from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { payinDueAt } from '../billing-schedule.ts';
import { moneyOwedToCard, moneyOwedToCustomer, payBacksOwed } from './owed.ts';

// What Pria still owes a card or a customer (a removed card keeps its processor instrument until
// then; an account cannot be deleted until then).
let t: TestApp;
const quiet = new Date('2029-07-10T12:00:00Z'); // no month's $3 is due and unsent then
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.stop());

async function cardWith(pay?: {
  status: 'captured' | 'declined';
  payout?: 'paid' | 'pending' | 'returned' | 'withheld';
}) {
  const customer = await insertCustomer(t.db, { email: `owed-${crypto.randomUUID()}@example.com` });
  const card = await insertCard(t.db, customer);
  if (pay) {
    const charge = await insertCharge(t.db, {
      customerId: customer,
      cardId: card,
      period: '2029-05',
      status: pay.status,
      createdAt: new Date('2029-05-28T21:00:00Z'),
    });
    if (pay.payout)
      await insertPayout(t.db, charge, { status: pay.payout, createdAt: new Date('2029-06-02T21:00:00Z') });
  }
  return { customer, card };
}

describe('money owed', () => {
  it('nothing to a card with no pay-in', async () => {
    const { customer, card } = await cardWith();
    expect(await moneyOwedToCard(t.db, card, quiet)).toBe(false);
    expect(await moneyOwedToCustomer(t.db, customer)).toBe(false);
  });

  it('a captured pay-in not yet paid back', async () => {
    const { customer, card } = await cardWith({ status: 'captured', payout: 'pending' });
    expect(await moneyOwedToCard(t.db, card, quiet)).toBe(true);
    expect(await moneyOwedToCustomer(t.db, customer)).toBe(true);
  });

  it('a returned pay-back is still owed', async () => {
    const { card } = await cardWith({ status: 'captured', payout: 'returned' });
    expect(await moneyOwedToCard(t.db, card, quiet)).toBe(true);
  });

  it('nothing once it is paid back', async () => {
    const { customer, card } = await cardWith({ status: 'captured', payout: 'paid' });
    expect(await moneyOwedToCard(t.db, card, quiet)).toBe(false);
    expect(await moneyOwedToCustomer(t.db, customer)).toBe(false);
  });

  it('nothing once the bank took the charge back (a dispute lost): its pay-back stays withheld for good', async () => {
    const { customer, card } = await cardWith({ status: 'captured', payout: 'withheld' });
    const charge = await sql<{ id: string }>`select id from payment_attempts where card_id = ${card}`.execute(
      t.db,
    );
    await insertDispute(t.db, charge.rows[0]?.id as string, { status: 'lost' });
    expect(await moneyOwedToCard(t.db, card, quiet)).toBe(false);
    expect(await moneyOwedToCustomer(t.db, customer)).toBe(false);
    expect(await payBacksOwed(t.db, customer)).toEqual([]);
  });

  it('still, while a dispute is open: won, its pay-back is owed again (not shown as owed meanwhile)', async () => {
    const { customer, card } = await cardWith({ status: 'captured', payout: 'withheld' });
    const charge = await sql<{ id: string }>`select id from payment_attempts where card_id = ${card}`.execute(
      t.db,
    );
    await insertDispute(t.db, charge.rows[0]?.id as string, { status: 'open' });
    expect(await moneyOwedToCard(t.db, card, quiet)).toBe(true);
    expect(await moneyOwedToCustomer(t.db, customer)).toBe(true);
    expect(await payBacksOwed(t.db, customer)).toEqual([]);
  });

  it('nothing for a declined pay-in', async () => {
    const { card } = await cardWith({ status: 'declined' });
    expect(await moneyOwedToCard(t.db, card, quiet)).toBe(false);
  });

  it("this month's $3, due and not sent yet, to a card on a running plan", async () => {
    const { customer, card } = await cardWith();
    await sql`update cards set created_at = '2029-01-01' where id = ${card}`.execute(t.db);
    await sql`insert into subscriptions (customer_id, plan_id, card_id, status, expires_at, created_at)
      values (${customer}, 'semi-annual', ${card}, 'active', '2030-01-01', '2029-01-01')`.execute(t.db);
    const due = payinDueAt('2029-07');
    expect(await moneyOwedToCard(t.db, card, new Date(due.getTime() + 60_000))).toBe(true);
    expect(await moneyOwedToCard(t.db, card, new Date(due.getTime() - 60_000))).toBe(false);
  });
});
