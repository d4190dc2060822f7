import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { processorMoves, seedSubscribers } from '../../../test/seed-billing.ts';
import type { BillingDeps } from '../billing-deps.ts';
import type { RunSummary } from '../runs/run-engine.ts';
import { findRun } from '../runs/runs.repo.ts';
import { openDueRuns, runDueWork } from './tick.ts';

// The one-minute tick (ADR 7): "what is due as of now?" in New York time. The month's $3 on the
// 28th at 16:00, its pay-back on the 2nd at 16:00 (never in the same tick), disputes read
// before pay-backs, a month whose window closed unrun recorded missed. Three subscribers since
// December 2030; the third card is the simulator's dispute card (its charges are disputed
// three days later). The tests walk the calendar from January 28th 2031.
const NY = 'America/New_York';
const ny = (iso: string) => DateTime.fromISO(iso, { zone: NY }).toJSDate();
const clock = fixedClock(ny('2031-01-28T15:59'));
let t: TestApp;
let cards: string[];
const ticked: Date[] = [];
let deps: BillingDeps;

const tick = (iso: string) => {
  clock.set(ny(iso));
  return runDueWork(deps, clock.now());
};
const attempts = async (period: string) =>
  (
    await sql<{ card_id: string; status: string; decline_reason: string | null }>`
      select card_id, status, decline_reason from payment_attempts
      where kind = 'payin' and period = ${period} order by card_id`.execute(t.db)
  ).rows;
const charges = async (period: string) =>
  (await processorMoves(t.db, period)).filter((m) => m.kind === 'charge').reduce((n, m) => n + m.n, 0);
const payouts = async (period: string) =>
  (
    await sql<{ card_id: string; status: string }>`
      select card_id, status from payouts where period = ${period} order by card_id`.execute(t.db)
  ).rows;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  deps = { ...t.billing, afterTick: async (at) => ticked.push(at) };
  ({ cardIds: cards } = await seedSubscribers(t.db, t.payments, {
    customers: 3,
    cardsEach: 1,
    since: new Date('2030-12-01T00:00:00Z'),
    number: (i) => (i === 2 ? '4000000000000259' : '4111111111111111'),
  }));
}, 60_000);
afterAll(() => t?.stop());

describe('the tick', () => {
  it('charges nothing for the month before the 28th at 16:00 New York', async () => {
    await tick('2031-01-28T15:59');
    expect(await findRun(t.db, 'payin', '2031-01')).toBeUndefined();
    expect(await attempts('2031-01')).toEqual([]);
  });

  it('on the 28th at 16:00 charges every card owed the month and completes the run', async () => {
    const summary = await tick('2031-01-28T16:01');
    expect(summary).toContainEqual(
      expect.objectContaining<Partial<RunSummary>>({
        kind: 'payin',
        period: '2031-01',
        status: 'completed',
        total: 3,
        done: 3,
      }),
    );
    expect((await attempts('2031-01')).map((a) => a.status)).toEqual(['captured', 'captured', 'captured']);
  });

  it('does not pay the month back in the tick that charged it', async () => {
    expect(await payouts('2031-01')).toEqual([]);
  });

  it('tells the rest of the app it ticked, at the engine’s instant', () => {
    expect(ticked.at(-1)).toEqual(ny('2031-01-28T16:01'));
  });

  it('ticking again in the window charges nobody twice', async () => {
    await tick('2031-01-28T16:05');
    await tick('2031-01-30T09:00');
    expect(await charges('2031-01')).toBe(3);
  });

  it('on the 2nd at 16:00 pays each capture back once, reading disputes first: a disputed one is not paid back', async () => {
    await tick('2031-02-02T16:01');
    await tick('2031-02-02T16:06');
    expect(await payouts('2031-01')).toEqual(
      cards
        .slice(0, 2)
        .map((card_id) => ({ card_id, status: 'paid' }))
        .sort((a, b) => (a.card_id < b.card_id ? -1 : 1)),
    );
    const disputes = await sql<{ card_id: string; status: string }>`
      select card_id, status from disputes`.execute(t.db);
    expect(disputes.rows).toEqual([{ card_id: cards[2], status: 'open' }]);
    const paid = (await processorMoves(t.db, '2031-01')).filter((m) => m.kind === 'payout');
    expect(paid.reduce((n, m) => n + m.n, 0)).toBe(2);
  });

  it('opening what is due (the workers’ tick) opens the month’s pay-in without sending anything', async () => {
    clock.set(ny('2031-02-28T16:01'));
    const open = await openDueRuns(deps, clock.now());
    expect(open).toContainEqual(
      expect.objectContaining({ kind: 'payin', period: '2031-02', status: 'running' }),
    );
    expect(await charges('2031-02')).toBe(0);
    await runDueWork(deps, clock.now());
    expect(await charges('2031-02')).toBe(3);
  });

  it('a month whose window closed unrun (the server was down) is recorded missed, with our reason, and never charged', async () => {
    await tick('2031-03-02T16:01');
    // Down from March 2nd until April 3rd: March's window closed on April 2nd at 16:00.
    await tick('2031-04-03T09:00');
    expect(await attempts('2031-03')).toEqual(
      [...cards].sort().map((card_id) => ({
        card_id,
        status: 'missed',
        decline_reason: 'No payment in March: Pria was unavailable',
      })),
    );
    expect(await charges('2031-03')).toBe(0);
  });
});
