import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSimulatorGateway,
  GatewayTimeout,
  type PaymentGateway,
} from '../../gateways/payments/index.ts';
import { currentPeriod } from '../../modules/billing/billing-schedule.ts';
import { type BillingDeps, drainRun, reconcilePeriod } from '../../modules/billing/index.ts';
import { forceRun } from '../../modules/billing/tick.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { processorMoves, seedSubscribers } from '../../test/seed-billing.ts';

/**
 * FAULT: the processor times out on 30 % of calls (half before it acts, half after the money
 * moved and the answer is lost) during a pay-in run and the pay-back runs. Drains repeat until
 * the runs complete. Nothing may be charged twice or paid back twice, every unknown outcome is
 * resolved by looking our reference up (never by sending again), and the books balance.
 */
const FAULT_RATE = 0.3;
let t: TestApp;
let cardIds: string[];
const counts = { chargeCalls: 0, chargeTimeouts: 0, payoutCalls: 0, payoutTimeouts: 0, lookups: 0 };

/** The real (faulty) simulator, with its calls counted. */
function counted(inner: PaymentGateway): PaymentGateway {
  const tally = async <T>(p: Promise<T>, timeout: keyof typeof counts) => {
    try {
      return await p;
    } catch (err) {
      if (err instanceof GatewayTimeout) counts[timeout]++;
      throw err;
    }
  };
  return {
    name: inner.name,
    publicKey: () => inner.publicKey(),
    createInstrument: (i) => inner.createInstrument(i),
    updateInstrument: (id, i) => inner.updateInstrument(id, i),
    deleteInstrument: (id) => inner.deleteInstrument(id),
    charge: (i) => {
      counts.chargeCalls++;
      return tally(inner.charge(i), 'chargeTimeouts');
    },
    payout: (i) => {
      counts.payoutCalls++;
      return tally(inner.payout(i), 'payoutTimeouts');
    },
    lookup: (r) => {
      counts.lookups++;
      return inner.lookup(r);
    },
  };
}

function nextPeriod(period: string, by: number): string {
  const [y = 0, m = 1] = period.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Drains a run until it completes, as repeated drain jobs would. */
async function drainUntilComplete(deps: BillingDeps, runId: string) {
  for (let i = 0; i < 30; i++) {
    const run = await drainRun(deps, runId);
    if (run?.status === 'completed') return run;
  }
  throw new Error(`run ${runId} did not complete`);
}

beforeAll(async () => {
  t = await startTestApp({
    SIMULATOR_FAULT_RATE: String(FAULT_RATE),
    BILLING_CONCURRENCY: '4',
    BILLING_BATCH_SIZE: '10',
  });
  // Cards are registered before the outage starts, through a fault-free view of the same processor.
  const calm = await createSimulatorGateway({ db: t.db, publicUrl: t.url });
  ({ cardIds } = await seedSubscribers(t.db, calm, {
    customers: 30,
    cardsEach: 2,
    since: new Date('2026-01-01T00:00:00Z'),
  }));
  await calm.close();
}, 90_000);
afterAll(() => t?.stop());

describe('processor timeouts during pay-in and pay-back runs', () => {
  it('charges each card at most once, resolves unknowns by lookup, pays every capture back once', async () => {
    const deps: BillingDeps = { ...t.billing, payments: counted(t.payments) };
    const period = currentPeriod(new Date());

    const payin = await forceRun(deps, { kind: 'payin', period, actor: 'test' }, { wait: true });
    await drainUntilComplete(deps, payin.id);
    expect(counts.chargeTimeouts).toBeGreaterThan(0); // the faults really happened
    expect(counts.lookups).toBeGreaterThan(0);

    const attempts = await t.db
      .selectFrom('payment_attempts')
      .select(['card_id', 'status', 'instrument_id', 'decline_reason'])
      .where('kind', '=', 'payin')
      .where('period', '=', period)
      .execute();
    expect(attempts).toHaveLength(cardIds.length);
    expect(new Set(attempts.map((a) => a.card_id)).size).toBe(cardIds.length);
    // Every outcome is known now: nothing left unknown, submitted or created.
    expect(attempts.every((a) => a.status === 'captured' || a.status === 'declined')).toBe(true);
    // Every call was made exactly once per card: a timeout is looked up, never resent.
    expect(counts.chargeCalls).toBe(cardIds.length);

    const moves = await processorMoves(t.db);
    const chargesAt = (instrument: string, status?: string) =>
      moves
        .filter(
          (m) => m.instrument_id === instrument && m.kind === 'charge' && (!status || m.status === status),
        )
        .reduce((n, m) => n + m.n, 0);
    for (const a of attempts) {
      expect(chargesAt(a.instrument_id ?? '')).toBeLessThanOrEqual(1);
      // Our books say what the processor did: captured here <=> captured there.
      expect(chargesAt(a.instrument_id ?? '', 'captured')).toBe(a.status === 'captured' ? 1 : 0);
    }
    // Timeouts before the processor acted leave nothing charged: declined as not received.
    const notReceived = attempts.filter((a) => a.decline_reason === 'Not received by the processor').length;
    expect(notReceived).toBeGreaterThan(0);
    const captured = attempts.filter((a) => a.status === 'captured');
    expect(captured.length).toBeGreaterThan(0);

    // Pay-backs, with the same faults: a payout lost before the processor acted stays owed and
    // the next payout run tries it again under a new reference.
    const payoutRuns: string[] = [];
    for (let i = 0; i < 8; i++) {
      const run = await forceRun(
        deps,
        { kind: 'payout', period: nextPeriod(period, i), actor: 'test' },
        { wait: true },
      );
      payoutRuns.push(run.id);
      await drainUntilComplete(deps, run.id);
      const owed = await sql<{ n: number }>`
        select count(*)::int as n from payouts where status <> 'paid'`.execute(t.db);
      if (owed.rows[0]?.n === 0) break;
    }
    expect(counts.payoutTimeouts).toBeGreaterThan(0);

    const payouts = await t.db
      .selectFrom('payouts')
      .select(['attempt_id', 'status', 'amount_cents', 'instrument_id', 'tries'])
      .execute();
    expect(payouts).toHaveLength(captured.length);
    expect(payouts.every((p) => p.status === 'paid' && p.amount_cents === 300)).toBe(true);
    const after = await processorMoves(t.db);
    for (const a of captured) {
      const paid = after
        .filter((m) => m.instrument_id === a.instrument_id && m.kind === 'payout' && m.status === 'paid')
        .reduce((n, m) => n + m.n, 0);
      expect(paid, `paid back to ${a.instrument_id}`).toBe(1);
    }
    // Every try is on record; some payouts needed more than one run.
    const tries = await sql<{ n: number }>`select count(*)::int as n from payout_tries`.execute(t.db);
    expect(tries.rows[0]?.n).toBe(payouts.reduce((n, p) => n + p.tries, 0));

    const books = await reconcilePeriod(t.db, period);
    expect(books.pending.count).toBe(0);
    expect(books.charged.count).toBe(captured.length);
    expect(books.paidBack).toEqual(books.charged);
    expect(books.outstanding).toEqual({ count: 0, cents: 0 });
  }, 120_000);
});
