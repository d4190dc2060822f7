import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedSubscribers } from '../../../test/seed-billing.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { missedReason, payinDueAt, payinWindowClosesAt } from '../billing-schedule.ts';
import { getRun, openRun, type RunRow } from '../runs/runs.repo.ts';
import { insertMissedPayins } from './charges.repo.ts';
import { payinRun } from './payin-run.ts';

// The monthly $3 of a period as a run (ADR 7, issue 28): its cards are those owed as at the
// period's due instant, sent only while its window is open (until the pay-back instant); once
// it has closed, only a forced run sends the cards recorded `missed`. Three subscribers (the
// third card has no funds), one who joined after June's instant, and one whose renewal, due
// before the instant, is not settled.
const clock = fixedClock('2031-06-28T20:01:00Z');
let t: TestApp;
let deps: BillingDeps;
let cards: string[];
let lateCard: string;

const attemptsOf = async (period: string) =>
  (
    await sql<{ card_id: string; status: string; decline_reason: string | null; reference: string }>`
      select card_id, status, decline_reason, reference from payment_attempts
      where kind = 'payin' and period = ${period} order by card_id`.execute(t.db)
  ).rows;
const chargesAtProcessor = async (period: string) =>
  (
    await sql<{ reference: string }>`
      select reference from gateway_sim.transactions where kind = 'charge' and reference like ${`payin:%:${period}`}`.execute(
      t.db,
    )
  ).rows.map((r) => r.reference);
/** The run row as the engine opens it (startRun), then the strategy under test. */
const open = async (period: string, asOf: Date, forced = false): Promise<{ run: RunRow; total: number }> => {
  clock.set(asOf);
  const opened = await openRun(t.db, { kind: 'payin', period, asOf, startedBy: 'test', forced });
  const total = await payinRun.open(deps, opened, { asOf, forced });
  // As drainRun does: the strategy drains the run as it is now (its waiting count written).
  return { run: (await getRun(t.db, opened.id)) as RunRow, total };
};

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  deps = t.billing;
  ({ cardIds: cards } = await seedSubscribers(t.db, t.payments, {
    customers: 3,
    cardsEach: 1,
    since: new Date('2031-01-01T00:00:00Z'),
    number: (i) => (i === 2 ? '4000000000009995' : '4111111111111111'),
  }));
  ({
    cardIds: [lateCard = ''],
  } = await seedSubscribers(t.db, t.payments, {
    customers: 1,
    cardsEach: 1,
    since: new Date(payinDueAt('2031-06').getTime() + 60_000),
  }));
  const { customerIds } = await seedSubscribers(t.db, t.payments, {
    customers: 1,
    cardsEach: 1,
    since: new Date('2031-01-01T00:00:00Z'),
  });
  await sql`update subscriptions set expires_at = '2031-06-20T12:00:00Z' where customer_id = ${customerIds[0]}`.execute(
    t.db,
  );
}, 60_000);
afterAll(() => t?.stop());

describe('a pay-in run while its window is open', () => {
  let june: { run: RunRow; total: number };
  let waiting: number;

  it('holds the cards owed as at the due instant (not one added after it, nor one whose renewal is pending)', async () => {
    june = await open('2031-06', new Date('2031-06-28T20:01:00Z'));
    expect(june.total).toBe(3);
    const chunked = await sql<{ n: number }>`
      select sum(cards)::int as n from billing_chunks where run_id = ${june.run.id}`.execute(t.db);
    expect(chunked.rows[0]?.n).toBe(3);
  });

  it('counts the renewals it waits for', async () => {
    const row = await t.db
      .selectFrom('billing_runs')
      .select('waiting')
      .where('id', '=', june.run.id)
      .executeTakeFirstOrThrow();
    expect(row.waiting).toBe(1);
  });

  it('charges each card once, under its pay-in reference', async () => {
    waiting = await payinRun.drain(deps, june.run);
    expect((await chargesAtProcessor('2031-06')).sort()).toEqual(
      cards.map((c) => `payin:${c}:2031-06`).sort(),
    );
  });

  it('records each card’s own outcome, a decline with the issuer’s reason', async () => {
    const byCard = new Map((await attemptsOf('2031-06')).map((a) => [a.card_id, a]));
    expect(byCard.get(cards[0] as string)?.status).toBe('captured');
    expect(byCard.get(cards[1] as string)?.status).toBe('captured');
    expect(byCard.get(cards[2] as string)).toMatchObject({
      status: 'declined',
      decline_reason: 'Insufficient funds',
    });
    expect(byCard.has(lateCard)).toBe(false);
  });

  it('answers that it still waits for the renewal, with nothing of its own open', async () => {
    expect(waiting).toBe(1);
    expect(await payinRun.countOpen(deps, june.run)).toBe(0);
  });

  it('opened again, adds no card twice', async () => {
    const again = await open('2031-06', new Date('2031-06-28T21:00:00Z'));
    expect(again.total).toBe(3);
    await payinRun.drain(deps, again.run);
    expect(await chargesAtProcessor('2031-06')).toHaveLength(3);
  });
});

describe('a pay-in run once its window has closed', () => {
  it('drained after the window closed: sends nothing (its cards are the window-closing’s to record missed)', async () => {
    const { run } = await open('2031-07', new Date('2031-07-28T20:01:00Z'));
    clock.set(new Date(payinWindowClosesAt('2031-07').getTime() + 60_000));
    await payinRun.drain(deps, run);
    expect(await chargesAtProcessor('2031-07')).toEqual([]);
    expect(await attemptsOf('2031-07')).toEqual([]);
    expect(await payinRun.countOpen(deps, run)).toBeGreaterThan(0);
  });

  it('opened after it closed: holds its recorded cards, cuts no new ones, and sends none', async () => {
    const period = '2031-08';
    const at = new Date(payinWindowClosesAt(period).getTime() + 3_600_000);
    const closing = await openRun(t.db, {
      kind: 'payin',
      period,
      asOf: at,
      startedBy: 'schedule',
      forced: false,
    });
    await insertMissedPayins(t.db, {
      runId: closing.id,
      period,
      dueAt: payinDueAt(period),
      onlyUntaken: false,
      reason: missedReason(period),
      at,
      tellCustomers: false,
    });
    const { run, total } = await open(period, at);
    expect(total).toBe(4);
    const chunks = await sql<{
      n: number;
    }>`select count(*)::int as n from billing_chunks where run_id = ${run.id}`.execute(t.db);
    expect(chunks.rows[0]?.n).toBe(0);
    await payinRun.drain(deps, run);
    expect(new Set((await attemptsOf(period)).map((a) => a.status))).toEqual(new Set(['missed']));
    expect(await chargesAtProcessor(period)).toEqual([]);
  });

  it('opened after it closed, before the cards were recorded missed: cuts no chunk of cards to send', async () => {
    const period = '2031-09';
    const { run, total } = await open(period, new Date(payinWindowClosesAt(period).getTime() + 60_000));
    expect(total).toBe(0);
    const chunks = await sql<{
      n: number;
    }>`select count(*)::int as n from billing_chunks where run_id = ${run.id}`.execute(t.db);
    expect(chunks.rows[0]?.n).toBe(0);
  });

  it('forced: the missed cards are sent after all, under their own references, once', async () => {
    const period = '2031-08';
    const missed = await attemptsOf(period);
    const { run, total } = await open(
      period,
      new Date(payinWindowClosesAt(period).getTime() + 7_200_000),
      true,
    );
    expect(total).toBe(4);
    await payinRun.drain(deps, run);
    const after = await attemptsOf(period);
    expect(after.map((a) => a.reference)).toEqual(missed.map((a) => a.reference));
    expect(after.map((a) => a.status).sort()).toEqual(['captured', 'captured', 'captured', 'declined']);
    expect((await chargesAtProcessor(period)).sort()).toEqual(missed.map((a) => a.reference).sort());
  });
});
