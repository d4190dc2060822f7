import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { reconcilePeriod } from './reconcile.ts';

// A period's books (finance's reconciliation, `billing:reconcile`): every pay-in of the month in
// exactly one line, and what Pria still owes its customers.
let t: TestApp;
const period = '2029-09';
const charged = new Date('2029-09-28T20:01:00Z');
const paidAt = new Date('2029-10-02T20:01:00Z');

beforeAll(async () => {
  t = await startTestApp();
  let n = 0;
  const pay = async (
    status: 'captured' | 'declined' | 'missed',
    payout?: 'paid' | 'failed' | 'returned' | 'pending',
  ) => {
    // One pay-in per card and month: each line of the books gets its own customer and card.
    const customer = await insertCustomer(t.db, { email: `books-${++n}@example.com` });
    const card = await insertCard(t.db, customer);
    const id = await insertCharge(t.db, {
      customerId: customer,
      cardId: card,
      period,
      status,
      createdAt: charged,
    });
    if (payout) await insertPayout(t.db, id, { status: payout, createdAt: paidAt });
  };
  await pay('captured', 'paid');
  await pay('captured', 'paid');
  await pay('captured', 'failed');
  await pay('captured', 'returned');
  await pay('captured');
  await pay('declined');
  await pay('missed');
  // Another month's pay-in is not in this month's books.
  const customer = await insertCustomer(t.db, { email: 'books-other@example.com' });
  const other = await insertCard(t.db, customer);
  await insertCharge(t.db, {
    customerId: customer,
    cardId: other,
    period: '2029-08',
    createdAt: new Date('2029-08-28T20:01:00Z'),
  });
}, 60_000);
afterAll(() => t?.stop());

describe("a period's books", () => {
  it('count what was charged, declined and missed', async () => {
    expect(await reconcilePeriod(t.db, period)).toMatchObject({
      period,
      charged: { count: 5, cents: 1500 },
      declined: { count: 1 },
      missed: { count: 1 },
      pending: { count: 0 },
    });
  });

  it('split the pay-backs into paid, retrying and returned', async () => {
    expect(await reconcilePeriod(t.db, period)).toMatchObject({
      paidBack: { count: 2, cents: 600 },
      retrying: { count: 1, cents: 300 },
      returned: { count: 1, cents: 300 },
    });
  });

  it('owe the customers every capture not paid back yet', async () => {
    expect((await reconcilePeriod(t.db, period)).outstanding).toEqual({ count: 3, cents: 900 });
  });
});
