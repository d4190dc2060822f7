import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { PAYOUT_DELAYED_AFTER_TRIES, PAYOUT_RETRY_DELAYS_MS } from './payout-backoff.ts';
import { recordPayoutOutcomes } from './payouts.repo.ts';

// The back-off of a pay-back the processor refused for now (ADR 7): the n-th failed try waits
// PAYOUT_RETRY_DELAYS_MS[n - 1] (5 min, 30 min, 2 h, 6 h, then daily); the customer hears of it
// once, when it is delayed (PAYOUT_DELAYED_AFTER_TRIES failures). Each case is a pay-back of its
// own month whose try number `n` was just sent, and whose answer is recorded at `at`.
const MINUTE = 60_000;
const at = new Date('2031-03-02T21:01:00Z');
let t: TestApp;
let customer: string;
let card: string;
let runId: string;
let month = 0;

beforeAll(async () => {
  t = await startTestApp();
  customer = await insertCustomer(t.db, { email: 'backoff@example.com' });
  card = await insertCard(t.db, customer);
  const run = await t.db
    .insertInto('billing_runs')
    .values({ kind: 'payout', period: '2031-02', status: 'running', as_of: at, started_by: 'test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  runId = run.id;
}, 60_000);
afterAll(() => t?.stop());

/** A pay-back whose try `n` is in flight (claimed: `submitted`, tries counted). */
async function sentTry(n: number): Promise<string> {
  month++;
  const period = `2029-${String(month).padStart(2, '0')}`;
  const attempt = await insertCharge(t.db, {
    customerId: customer,
    cardId: card,
    period,
    createdAt: new Date(`${period}-28T21:00:00Z`),
  });
  const id = await insertPayout(t.db, attempt, { status: 'pending', createdAt: at });
  await sql`update payouts set status = 'submitted', tries = ${n}, reference = pria_payout_reference(id, ${n}),
    sent_at = ${at} where id = ${id}`.execute(t.db);
  return id;
}
const answer = (id: string, status: 'failed' | 'paid') =>
  recordPayoutOutcomes(
    t.db,
    runId,
    ['submitted'],
    [{ id, status, reason: status === 'failed' ? 'Issuer unavailable' : null, gatewayTransactionId: 'gtx' }],
    at,
  );
const nextTry = async (id: string) =>
  (await t.db.selectFrom('payouts').select('next_try_at').where('id', '=', id).executeTakeFirstOrThrow())
    .next_try_at;
const toldDelayed = async (id: string) =>
  (
    await sql<{ n: number }>`
      select count(*)::int as n from money_events where type = 'payout.failed' and dedupe_key = ${`payout.failed:${id}`}`.execute(
      t.db,
    )
  ).rows[0]?.n;

describe('a failed pay-back try', () => {
  it('is tried again five minutes after the first failure', async () => {
    const id = await sentTry(1);
    await answer(id, 'failed');
    expect(await nextTry(id)).toEqual(new Date(at.getTime() + 5 * MINUTE));
  });

  it('waits longer after each failure: 30 minutes, 2 hours, 6 hours, a day', async () => {
    const waits: number[] = [];
    for (const n of [2, 3, 4, 5]) {
      const id = await sentTry(n);
      await answer(id, 'failed');
      waits.push(((await nextTry(id)) as Date).getTime() - at.getTime());
    }
    expect(waits).toEqual([30 * MINUTE, 120 * MINUTE, 360 * MINUTE, 1440 * MINUTE]);
    expect(waits).toEqual(PAYOUT_RETRY_DELAYS_MS.slice(1));
  });

  it('keeps trying daily after that', async () => {
    const id = await sentTry(9);
    await answer(id, 'failed');
    expect(await nextTry(id)).toEqual(new Date(at.getTime() + 24 * 60 * MINUTE));
  });

  it('a paid try has no next try', async () => {
    const id = await sentTry(2);
    await answer(id, 'paid');
    expect(await nextTry(id)).toBeNull();
  });

  it('tells the customer nothing before it is delayed', async () => {
    const id = await sentTry(PAYOUT_DELAYED_AFTER_TRIES - 1);
    await answer(id, 'failed');
    expect(await toldDelayed(id)).toBe(0);
  });

  it('tells the customer once that the pay-back is delayed, at the third failure and not again', async () => {
    expect(PAYOUT_DELAYED_AFTER_TRIES).toBe(3);
    const id = await sentTry(3);
    await answer(id, 'failed');
    expect(await toldDelayed(id)).toBe(1);
    await sql`update payouts set status = 'submitted', tries = 4, reference = pria_payout_reference(id, 4)
      where id = ${id}`.execute(t.db);
    await answer(id, 'failed');
    expect(await toldDelayed(id)).toBe(1);
  });
});
