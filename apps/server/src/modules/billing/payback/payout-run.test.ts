import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { insertCharge } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedSubscribers } from '../../../test/seed-billing.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { payinDueAt, payoutDueAt } from '../billing-schedule.ts';
import { drainRun, startRun } from '../runs/run-engine.ts';
import { getRun, openRun, type RunRow } from '../runs/runs.repo.ts';
import { payoutRun } from './payout-run.ts';

// The pay-backs of a month as a run (ADR 7, ADR 17): every capture of the month or earlier not
// paid back yet, once, to the card it was charged on; a disputed capture is not. Four
// subscribers charged for June 2031: Ann and Bob (good cards), Cy (no funds: declined), Dee
// (a card whose first pay-backs are refused); Bob's charge is disputed, and Ann's May charge
// was never paid back.
const clock = fixedClock(new Date(payinDueAt('2031-06').getTime() + 60_000));
const period = '2031-06';
let t: TestApp;
let deps: BillingDeps;
let ann: string;
let bob: string;
let cy: string;
let dee: string;
let run: RunRow;
let total: number;
const releasedAt: Date[] = [];

const payoutsOf = (card: string) =>
  t.db
    .selectFrom('payouts')
    .select(['period', 'status', 'tries', 'reference', 'next_try_at'])
    .where('card_id', '=', card)
    .orderBy('period')
    .execute();
const payoutsAtProcessor = async (card: string) =>
  (
    await sql<{ status: string }>`
      select t.status from gateway_sim.transactions t join cards c on c.instrument_id = t.instrument_id
      where t.kind = 'payout' and c.id = ${card} order by t.seq`.execute(t.db)
  ).rows.map((r) => r.status);

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  deps = { ...t.billing, afterPayouts: async (at) => releasedAt.push(at) };
  const numbers = ['4111111111111111', '4111111111111111', '4000000000009995', '4000000000000077'];
  const seeded = await seedSubscribers(t.db, t.payments, {
    customers: 4,
    cardsEach: 1,
    since: new Date('2031-01-01T00:00:00Z'),
    number: (i) => numbers[i] as string,
  });
  [ann = '', bob = '', cy = '', dee = ''] = seeded.cardIds;
  const payin = await startRun(t.billing, {
    kind: 'payin',
    period,
    asOf: clock.now(),
    by: 'schedule',
    forced: false,
  });
  await drainRun(t.billing, payin.id);
  await sql`insert into disputes (processor_dispute_id, attempt_id, customer_id, card_id, amount_cents, status, payback_sent, opened_at)
    select 'case-1', id, customer_id, card_id, amount_cents, 'open', false, now()
    from payment_attempts where card_id = ${bob} and period = ${period}`.execute(t.db);
  await insertCharge(t.db, {
    customerId: seeded.customerIds[0] as string,
    cardId: ann,
    period: '2031-05',
    createdAt: payinDueAt('2031-05'),
  });
  // July 2nd, 16:01 New York: the pay-backs are due.
  clock.set(new Date(payoutDueAt(period).getTime() + 60_000));
  const opened = await openRun(t.db, {
    kind: 'payout',
    period,
    asOf: clock.now(),
    startedBy: 'schedule',
    forced: false,
  });
  total = await payoutRun.open(deps, opened, { asOf: clock.now(), forced: false });
  run = (await getRun(t.db, opened.id)) as RunRow;
}, 60_000);
afterAll(() => t?.stop());

describe('a payout run', () => {
  it('holds every capture of the month or earlier still owed its pay-back (not a decline, not a disputed one)', () => {
    // Ann's June and May, Dee's June.
    expect(total).toBe(3);
  });

  it('pays each back once, to the card it was charged on, as its first try', async () => {
    await payoutRun.drain(deps, run);
    expect(await payoutsOf(ann)).toMatchObject([
      { period: '2031-05', status: 'paid', tries: 1 },
      { period: '2031-06', status: 'paid', tries: 1 },
    ]);
    const [june] = (await payoutsOf(ann)).filter((p) => p.period === period);
    expect(june?.reference).toMatch(/^payout:[0-9a-f-]+:1$/);
    expect(await payoutsAtProcessor(ann)).toEqual(['paid', 'paid']);
  });

  it('pays nothing back for a declined charge, nor for a disputed one', async () => {
    expect(await payoutsOf(cy)).toEqual([]);
    expect(await payoutsOf(bob)).toEqual([]);
    expect(await payoutsAtProcessor(bob)).toEqual([]);
  });

  it('records a refused try as failed, to be tried again after its back-off', async () => {
    expect(await payoutsOf(dee)).toEqual([
      expect.objectContaining({
        status: 'failed',
        tries: 1,
        next_try_at: new Date(clock.now().getTime() + 5 * 60_000),
      }),
    ]);
  });

  it('is not held open by a pay-back waiting for its next try', async () => {
    expect(await payoutRun.countOpen(deps, run)).toBe(0);
  });

  it('lets the cards module release paid-back cards after the pass, at the engine’s instant', () => {
    expect(releasedAt).toEqual([clock.now()]);
  });

  it('pays back a capture settled after the run opened, in the same run', async () => {
    const capture = await insertCharge(t.db, {
      customerId: (
        await t.db.selectFrom('cards').select('customer_id').where('id', '=', ann).executeTakeFirstOrThrow()
      ).customer_id,
      cardId: ann,
      period: '2031-04',
      createdAt: payinDueAt('2031-04'),
    });
    await payoutRun.drain(deps, run);
    expect(
      await t.db.selectFrom('payouts').select('status').where('attempt_id', '=', capture).executeTakeFirst(),
    ).toEqual({ status: 'paid' });
  });

  it('opened and drained again, pays nobody twice', async () => {
    await payoutRun.open(deps, run, { asOf: clock.now(), forced: false });
    await payoutRun.drain(deps, (await getRun(t.db, run.id)) as RunRow);
    expect(await payoutsAtProcessor(ann)).toEqual(['paid', 'paid', 'paid']);
    expect(await payoutsAtProcessor(dee)).toEqual(['failed']);
  });
});
