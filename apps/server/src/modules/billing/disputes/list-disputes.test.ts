import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCard, insertCharge, insertCustomer, insertRefund } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { listDisputes } from './list-disputes.ts';

// The disputes staff see (finance's queue): newest first, by status or by customer, each with
// the charge's month, the customer and the card it names. Ann has an open dispute and a lost
// one; Bob a won one, and a won one of a plan charge that was mostly refunded before.
let t: TestApp;
const ids: Record<string, string> = {};

async function dispute(
  name: string,
  o: {
    customer: string;
    card: string;
    period: string;
    status: 'open' | 'won' | 'lost';
    openedAt: string;
    kind?: 'payin' | 'subscription';
    amount?: number;
  },
) {
  const attempt = await insertCharge(t.db, {
    customerId: o.customer,
    cardId: o.card,
    period: o.period,
    kind: o.kind,
    amount: o.amount,
    createdAt: new Date(`${o.period}-28T21:00:00Z`),
  });
  const decided = o.status === 'open' ? null : new Date(o.openedAt);
  const row = await t.db
    .insertInto('disputes')
    .values({
      processor_dispute_id: `case-${name}`,
      attempt_id: attempt,
      customer_id: o.customer,
      card_id: o.card,
      amount_cents: o.amount ?? 300,
      reason: 'Fraudulent',
      status: o.status,
      payback_sent: o.status === 'lost',
      opened_at: new Date(o.openedAt),
      decided_at: decided,
      decided_by: decided ? 'finance@pria.example' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[name] = row.id;
  ids[`${name}Charge`] = attempt;
}

beforeAll(async () => {
  t = await startTestApp();
  ids.ann = await insertCustomer(t.db, { email: 'ann@example.com' });
  ids.bob = await insertCustomer(t.db, { email: 'bob@example.com' });
  ids.annCard = await insertCard(t.db, ids.ann, { lastFour: '4242' });
  ids.bobCard = await insertCard(t.db, ids.bob, { brand: 'mastercard', lastFour: '4444' });
  await dispute('annOpen', {
    customer: ids.ann,
    card: ids.annCard,
    period: '2030-03',
    status: 'open',
    openedAt: '2030-04-01T12:00:00Z',
  });
  await dispute('annLost', {
    customer: ids.ann,
    card: ids.annCard,
    period: '2030-01',
    status: 'lost',
    openedAt: '2030-02-10T12:00:00Z',
  });
  await dispute('bobWon', {
    customer: ids.bob,
    card: ids.bobCard,
    period: '2030-02',
    status: 'won',
    openedAt: '2030-03-05T12:00:00Z',
  });
  await dispute('bobPlan', {
    customer: ids.bob,
    card: ids.bobCard,
    period: '2029-11',
    status: 'won',
    openedAt: '2029-12-20T12:00:00Z',
    kind: 'subscription',
    amount: 3897,
  });
  // $38.75 refunded, and a $0.22 refund the processor failed: only the first was refunded.
  for (const [cents, status] of [
    [3875, 'refunded'],
    [22, 'failed'],
  ] as const)
    await insertRefund(t.db, ids.bobPlanCharge as string, {
      cents,
      status,
      mode: 'prorated',
      at: new Date('2029-12-01T15:00:00Z'),
    });
}, 60_000);
afterAll(() => t?.stop());

describe('the disputes list', () => {
  it('lists every dispute, newest opened first', async () => {
    expect((await listDisputes(t.db, {})).map((d) => d.id)).toEqual([
      ids.annOpen,
      ids.bobWon,
      ids.annLost,
      ids.bobPlan,
    ]);
  });

  it('shows a dispute with its charge, month, amount, decision, customer and card', async () => {
    const [open] = await listDisputes(t.db, { status: 'open' });
    expect(open).toEqual({
      id: ids.annOpen,
      chargeId: ids.annOpenCharge,
      period: '2030-03',
      amount: 300,
      refundedCents: 0,
      status: 'open',
      reason: 'Fraudulent',
      paybackSent: false,
      chargeKind: 'payin',
      payback: 'withheld',
      openedAt: '2030-04-01T12:00:00.000Z',
      decidedAt: null,
      decidedBy: null,
      customer: { id: ids.ann, email: 'ann@example.com' },
      card: { id: ids.annCard, brand: 'visa', lastFour: '4242' },
    });
  });

  it('says who decided a decided one, and when', async () => {
    const [won] = await listDisputes(t.db, { status: 'won' });
    expect(won).toMatchObject({
      id: ids.bobWon,
      decidedAt: '2030-03-05T12:00:00.000Z',
      decidedBy: 'finance@pria.example',
      card: { brand: 'mastercard', lastFour: '4444' },
    });
  });

  it('shows what was already refunded of a plan charge: only refunds the processor confirmed', async () => {
    const plan = (await listDisputes(t.db, { customerId: ids.bob })).find((d) => d.id === ids.bobPlan);
    expect(plan).toEqual({
      id: ids.bobPlan,
      chargeId: ids.bobPlanCharge,
      period: '2029-11',
      amount: 3897,
      refundedCents: 3875,
      status: 'won',
      reason: 'Fraudulent',
      paybackSent: false,
      chargeKind: 'subscription',
      payback: 'none',
      openedAt: '2029-12-20T12:00:00.000Z',
      decidedAt: '2029-12-20T12:00:00.000Z',
      decidedBy: 'finance@pria.example',
      customer: { id: ids.bob, email: 'bob@example.com' },
      card: { id: ids.bobCard, brand: 'mastercard', lastFour: '4444' },
    });
  });

  it('filters by status', async () => {
    expect((await listDisputes(t.db, { status: 'open' })).map((d) => d.id)).toEqual([ids.annOpen]);
    expect((await listDisputes(t.db, { status: 'lost' })).map((d) => d.id)).toEqual([ids.annLost]);
  });

  it('filters by customer', async () => {
    expect((await listDisputes(t.db, { customerId: ids.ann })).map((d) => d.id)).toEqual([
      ids.annOpen,
      ids.annLost,
    ]);
    expect(await listDisputes(t.db, { customerId: ids.bob, status: 'open' })).toEqual([]);
  });
});
