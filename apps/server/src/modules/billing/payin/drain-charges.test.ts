import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayTimeout, type PaymentGateway } from '../../../gateways/payments/port.ts';
import { fixedClock } from '../../../platform/clock.ts';
import type { Logger } from '../../../platform/logger.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedSubscribers } from '../../../test/seed-billing.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { payinDueAt } from '../billing-schedule.ts';
import { startRun } from '../runs/run-engine.ts';
import { getRun, type RunRow } from '../runs/runs.repo.ts';
import { drainCharges } from './drain-charges.ts';
import { claimPayinChunk } from './payin-chunks.repo.ts';

// Settle-then-send passes over a run's charges (ADR 7, ADR 17): each card charged once under its
// reference, its outcome and the run's progress recorded; a charge whose answer was lost is
// looked up, and one the processor never received is sent again under the same reference, in
// the same drain. Three subscribers (the third card has no funds); each case is a month of
// its own, its pay-in run opened at the due instant and drained through a processor that
// misbehaves for the first card as the case says.
let t: TestApp;
let cards: string[];
let instrument0: string;
const calls: string[] = [];
const warnings: unknown[] = [];
const counted: { kind: string; status: string }[] = [];

/** The simulator, with `misbehave` deciding what happens to a charge on the first card. */
function processor(misbehave: (i: Parameters<PaymentGateway['charge']>[0]) => Promise<unknown> | null) {
  const real = t.billing.payments;
  return Object.assign(Object.create(real) as PaymentGateway, {
    charge: (i: Parameters<PaymentGateway['charge']>[0]) => {
      calls.push(i.reference);
      return (i.instrumentId === instrument0 ? misbehave(i) : null) ?? real.charge(i);
    },
  });
}
async function drain(period: string, payments: PaymentGateway, lookupLagMs = 0): Promise<RunRow> {
  const clock = fixedClock(new Date(payinDueAt(period).getTime() + 60_000));
  const deps: BillingDeps = {
    ...t.billing,
    clock,
    payments,
    lookupLagMs,
    batchSize: 2,
    logger: Object.assign(Object.create(t.billing.logger) as Logger, {
      warn: (o: unknown) => {
        warnings.push(o);
      },
    }),
    metrics: { billingAttempts: { inc: (l: { kind: string; status: string }) => counted.push(l) } } as never,
  };
  const opened = await startRun(deps, {
    kind: 'payin',
    period,
    asOf: clock.now(),
    by: 'schedule',
    forced: false,
  });
  const run = (await getRun(t.db, opened.id)) as RunRow;
  await drainCharges(deps, run, () => claimPayinChunk(t.db, run.id, period));
  return (await getRun(t.db, run.id)) as RunRow;
}
const attemptOf = async (card: string, period: string) =>
  t.db
    .selectFrom('payment_attempts')
    .select(['id', 'status', 'decline_reason', 'reference'])
    .where('card_id', '=', card)
    .where('period', '=', period)
    .where('kind', '=', 'payin')
    .executeTakeFirstOrThrow();
const atProcessor = async (reference: string) =>
  (
    await sql<{ status: string }>`
      select status from gateway_sim.transactions where kind = 'charge' and reference = ${reference}`.execute(
      t.db,
    )
  ).rows.map((r) => r.status);
const callsFor = (reference: string) => calls.filter((c) => c === reference).length;

beforeAll(async () => {
  t = await startTestApp();
  ({ cardIds: cards } = await seedSubscribers(t.db, t.payments, {
    customers: 3,
    cardsEach: 1,
    since: new Date('2030-01-01T00:00:00Z'),
    number: (i) => (i === 2 ? '4000000000009995' : '4111111111111111'),
  }));
  instrument0 = (
    await t.db
      .selectFrom('cards')
      .select('instrument_id')
      .where('id', '=', cards[0] as string)
      .executeTakeFirstOrThrow()
  ).instrument_id;
}, 60_000);
afterAll(() => t?.stop());

describe('draining charges', () => {
  it('charges every card of the run once, chunk after chunk', async () => {
    await drain(
      '2031-01',
      processor(() => null),
    );
    for (const card of cards) expect(callsFor(`payin:${card}:2031-01`)).toBe(1);
  });

  it('records each outcome: captured, or declined with the issuer’s reason', async () => {
    expect((await attemptOf(cards[0] as string, '2031-01')).status).toBe('captured');
    expect(await attemptOf(cards[2] as string, '2031-01')).toMatchObject({
      status: 'declined',
      decline_reason: 'Insufficient funds',
    });
  });

  it('counts the run’s progress: every answer done, the declines failed', async () => {
    const run = await t.db
      .selectFrom('billing_runs')
      .select(['done', 'failed'])
      .where('kind', '=', 'payin')
      .where('period', '=', '2031-01')
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ done: 3, failed: 1 });
  });

  it('counts each outcome for /metrics, by kind and status', () => {
    expect(
      counted
        .filter((c) => c.kind === 'payin')
        .map((c) => c.status)
        .sort(),
    ).toEqual(['captured', 'captured', 'declined']);
  });

  it('a charge lost on the way: sent again under the same reference in the same drain, charged once', async () => {
    let lost = true;
    await drain(
      '2031-02',
      processor((i) => {
        if (!lost) return null;
        lost = false;
        return Promise.reject(new GatewayTimeout(i.reference));
      }),
    );
    const reference = `payin:${cards[0]}:2031-02`;
    expect(callsFor(reference)).toBe(2);
    expect((await attemptOf(cards[0] as string, '2031-02')).status).toBe('captured');
    expect(await atProcessor(reference)).toEqual(['captured']);
  });

  it('a charge whose answer was lost: looked up, not sent again', async () => {
    const real = t.billing.payments;
    await drain(
      '2031-03',
      processor(async (i) => {
        await real.charge(i);
        throw new GatewayTimeout(i.reference);
      }),
    );
    const reference = `payin:${cards[0]}:2031-03`;
    expect(callsFor(reference)).toBe(1);
    expect((await attemptOf(cards[0] as string, '2031-03')).status).toBe('captured');
    expect(await atProcessor(reference)).toEqual(['captured']);
  });

  it('a processor that stays silent: the charge is left in doubt, not sent pass after pass', async () => {
    const run = await drain(
      '2031-04',
      processor((i) => Promise.reject(new GatewayTimeout(i.reference))),
      3_600_000,
    );
    expect((await attemptOf(cards[0] as string, '2031-04')).status).toBe('unknown');
    expect(callsFor(`payin:${cards[0]}:2031-04`)).toBe(1);
    expect(run.done).toBe(2);
  });

  it('a call cut off mid-way: in doubt too, and a warning names the charge', async () => {
    await drain(
      '2031-05',
      processor(() => Promise.reject(new Error('socket hang up'))),
      3_600_000,
    );
    const attempt = await attemptOf(cards[0] as string, '2031-05');
    expect(attempt.status).toBe('unknown');
    expect(warnings).toContainEqual(expect.objectContaining({ attempt: attempt.id }));
  });
});
