import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { listPaybacksNeedingAttention } from './list-paybacks-needing-attention.ts';
import { PAYOUT_DELAYED_AFTER_TRIES } from './payout-backoff.ts';

// The staff queue of pay-backs that have not gone through (ADR 7): returned ones (the card could
// not take the credit) and delayed ones (PAYOUT_DELAYED_AFTER_TRIES failed tries or more), each
// with the customer's other cards to send it to. Ann has three cards (and one removed) and a pay-back
// in each state, one month each.
let t: TestApp;
const ids: Record<string, string> = {};
let month = 0;

async function payback(
  name: string,
  o: { status: 'paid' | 'failed' | 'returned'; tries: number; error?: string; sentTo?: string },
) {
  month++;
  const period = `2030-${String(month).padStart(2, '0')}`;
  const attempt = await insertCharge(t.db, {
    customerId: ids.ann as string,
    cardId: ids.visa as string,
    period,
    createdAt: new Date(`${period}-28T21:00:00Z`),
  });
  // Written in its state (an insert is not a move; a paid one is final).
  const id = await insertPayout(t.db, attempt, {
    status: o.status,
    createdAt: new Date(`${period}-28T22:00:00Z`),
    tries: o.tries,
    lastError: o.error,
    nextTryAt: o.status === 'failed' ? new Date('2031-01-01T12:00:00Z') : undefined,
    paidToCardId: o.sentTo,
    // The newest change first in the queue: later months changed later.
    updatedAt: new Date(Date.UTC(2030, month, 1)),
  });
  ids[name] = id;
}

beforeAll(async () => {
  t = await startTestApp();
  ids.ann = await insertCustomer(t.db, { email: 'ann@example.com' });
  ids.visa = await insertCard(t.db, ids.ann, { slot: 1, lastFour: '5126' });
  ids.master = await insertCard(t.db, ids.ann, { slot: 2, brand: 'mastercard', lastFour: '4444' });
  // A card removed from slot 3 before the one now in it was added: never offered.
  ids.removed = await insertCard(t.db, ids.ann, { slot: 3, lastFour: '0002' });
  await sql`update cards set removed_at = now() where id = ${ids.removed}`.execute(t.db);
  ids.third = await insertCard(t.db, ids.ann, { slot: 3, lastFour: '1111' });
  await payback('paid', { status: 'paid', tries: 1 });
  await payback('retrying', {
    status: 'failed',
    tries: PAYOUT_DELAYED_AFTER_TRIES - 1,
    error: 'Issuer busy',
  });
  await payback('delayed', { status: 'failed', tries: PAYOUT_DELAYED_AFTER_TRIES, error: 'Issuer busy' });
  await payback('returned', { status: 'returned', tries: 1, error: 'Account closed' });
  await payback('returnedAgain', {
    status: 'returned',
    tries: 2,
    error: 'Account closed',
    sentTo: ids.master,
  });
}, 60_000);
afterAll(() => t?.stop());

describe('pay-backs needing attention', () => {
  it('lists returned and delayed pay-backs, the latest changed first', async () => {
    expect((await listPaybacksNeedingAttention(t.db)).map((r) => r.id)).toEqual([
      ids.returnedAgain,
      ids.returned,
      ids.delayed,
    ]);
  });

  it('leaves out a pay-back still within its first failed tries, and a paid one', async () => {
    const listed = (await listPaybacksNeedingAttention(t.db)).map((r) => r.id);
    expect(listed).not.toContain(ids.retrying);
    expect(listed).not.toContain(ids.paid);
  });

  it('shows a returned pay-back with its reason, its card and the customer’s other cards on file', async () => {
    const row = (await listPaybacksNeedingAttention(t.db)).find((r) => r.id === ids.returned);
    expect(row).toEqual({
      id: ids.returned,
      period: '2030-04',
      amount: 300,
      state: 'returned',
      tries: 1,
      reason: 'Account closed',
      nextTryAt: null,
      updatedAt: new Date(Date.UTC(2030, 4, 1)).toISOString(),
      customer: { id: ids.ann, email: 'ann@example.com' },
      card: { id: ids.visa, brand: 'visa', brandCode: '001', lastFour: '5126' },
      sentTo: null,
      otherCards: [
        { id: ids.master, brand: 'mastercard', brandCode: '002', lastFour: '4444' },
        { id: ids.third, brand: 'visa', brandCode: '001', lastFour: '1111' },
      ],
    });
  });

  it('shows a delayed pay-back as delayed, with its next try', async () => {
    const row = (await listPaybacksNeedingAttention(t.db)).find((r) => r.id === ids.delayed);
    expect(row).toMatchObject({
      state: 'delayed',
      tries: PAYOUT_DELAYED_AFTER_TRIES,
      reason: 'Issuer busy',
      nextTryAt: '2031-01-01T12:00:00.000Z',
    });
  });

  it('shows where staff sent a returned pay-back, and leaves that card out of the others', async () => {
    const row = (await listPaybacksNeedingAttention(t.db)).find((r) => r.id === ids.returnedAgain);
    expect(row?.sentTo).toEqual({ id: ids.master, brand: 'mastercard', brandCode: '002', lastFour: '4444' });
    expect(row?.otherCards.map((c) => c.id)).toEqual([ids.third]);
  });
});
