import { cents } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { recordDisputeEvent } from './record-dispute-event.ts';

// What a processor's dispute notice does (issue 16, issue 28): one open dispute per charge, the
// pay-back withheld while the bank returns the money, a won dispute releasing it again.
let t: TestApp;
let customer: string;
let card: string;
const at = new Date('2030-03-01T12:00:00Z');

beforeAll(async () => {
  t = await startTestApp();
  customer = await insertCustomer(t.db, { email: 'disputes@example.com' });
  card = await insertCard(t.db, customer);
}, 60_000);
afterAll(() => t?.stop());

let month = 0;
/** A captured pay-in of its own month, with its pay-back in `payout` state (or none). */
async function capture(payout?: 'pending' | 'paid') {
  month++;
  const period = `2029-${String(month).padStart(2, '0')}`;
  const id = await insertCharge(t.db, {
    customerId: customer,
    cardId: card,
    period,
    createdAt: new Date(`${period}-28T21:00:00Z`),
  });
  const ref = (
    await t.db
      .selectFrom('payment_attempts')
      .select('reference')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).reference;
  const payoutId = payout ? await insertPayout(t.db, id, { status: payout, createdAt: at }) : null;
  return { id, ref, payoutId };
}
const notice = (chargeReference: string, disputeId: string, status: 'open' | 'won' | 'lost' = 'open') => ({
  chargeReference,
  disputeId,
  amountCents: cents(300),
  status,
  reason: 'Fraudulent',
  at,
});
const disputesOf = (attemptId: string) =>
  t.db
    .selectFrom('disputes')
    .select(['status', 'payback_sent', 'decided_by'])
    .where('attempt_id', '=', attemptId)
    .execute();
const payoutStatus = async (id: string) =>
  (await t.db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('a dispute notice', () => {
  it('opens a dispute and withholds a pay-back not sent yet', async () => {
    const c = await capture('pending');
    expect(await recordDisputeEvent(t.db, notice(c.ref, 'dp-1'))).toBe('recorded');
    expect(await disputesOf(c.id)).toEqual([{ status: 'open', payback_sent: false, decided_by: null }]);
    expect(await payoutStatus(c.payoutId as string)).toBe('withheld');
  });

  it('after the pay-back was paid says so (the dispute is a loss unless won)', async () => {
    const c = await capture('paid');
    await recordDisputeEvent(t.db, notice(c.ref, 'dp-2'));
    expect(await disputesOf(c.id)).toEqual([{ status: 'open', payback_sent: true, decided_by: null }]);
    expect(await payoutStatus(c.payoutId as string)).toBe('paid');
  });

  it('received twice is recorded once', async () => {
    const c = await capture();
    expect(await recordDisputeEvent(t.db, notice(c.ref, 'dp-3'))).toBe('recorded');
    expect(await recordDisputeEvent(t.db, notice(c.ref, 'dp-3'))).toBe('duplicate');
    expect(await disputesOf(c.id)).toHaveLength(1);
  });

  it('under another case id for a charge already disputed is the same case', async () => {
    const c = await capture();
    await recordDisputeEvent(t.db, notice(c.ref, 'dp-4'));
    expect(await recordDisputeEvent(t.db, notice(c.ref, 'dp-4b'))).toBe('duplicate');
    expect(await disputesOf(c.id)).toHaveLength(1);
  });

  it('naming no charge of ours changes nothing', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from disputes`.execute(t.db);
    expect(await recordDisputeEvent(t.db, notice('payin:nobody:2029-01', 'dp-5'))).toBe('unknown-charge');
    const after = await sql<{ n: number }>`select count(*)::int as n from disputes`.execute(t.db);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('that the dispute was won releases the withheld pay-back', async () => {
    const c = await capture('pending');
    await recordDisputeEvent(t.db, notice(c.ref, 'dp-6'));
    expect(await recordDisputeEvent(t.db, notice(c.ref, 'dp-6', 'won'))).toBe('recorded');
    expect(await disputesOf(c.id)).toEqual([{ status: 'won', payback_sent: false, decided_by: 'processor' }]);
    expect(await payoutStatus(c.payoutId as string)).toBe('pending');
  });

  it('that the dispute was lost keeps the pay-back withheld', async () => {
    const c = await capture('pending');
    await recordDisputeEvent(t.db, notice(c.ref, 'dp-7'));
    await recordDisputeEvent(t.db, notice(c.ref, 'dp-7', 'lost'));
    expect(await disputesOf(c.id)).toEqual([
      { status: 'lost', payback_sent: false, decided_by: 'processor' },
    ]);
    expect(await payoutStatus(c.payoutId as string)).toBe('withheld');
  });
});
