import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSimulatorGateway,
  GatewayTimeout,
  type PaymentGateway,
} from '../../gateways/payments/index.ts';
import { type BillingDeps, drainRun, forceBillingRun, reconcilePeriod } from '../../modules/billing/index.ts';
import { cliAuditContext } from '../../platform/audit.ts';
import { fixedClock } from '../../platform/clock.ts';
import { nextDuePayin } from '../../test/due-period.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { processorMoves, seedSubscribers } from '../../test/seed-billing.ts';

/**
 * FAULT: the processor times out on 30 % of calls (half before it acts, half after the money
 * moved and the answer is lost) during a pay-in run and the pay-back run. Drains repeat until
 * the runs complete. Nothing may be charged twice or paid back twice, every unknown outcome is
 * resolved by looking our reference up, and a call the processor never received is sent again
 * under the same reference in the same run: every good card is charged, every capture paid
 * back, and the books balance.
 */
const FAULT_RATE = 0.3;
let t: TestApp;
let cardIds: string[];
const counts = { chargeCalls: 0, chargeTimeouts: 0, payoutCalls: 0, payoutTimeouts: 0, lookups: 0 };
const sent = { charges: new Set<string>(), payouts: new Set<string>() };

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
      sent.charges.add(i.reference);
      return tally(inner.charge(i), 'chargeTimeouts');
    },
    payout: (i) => {
      counts.payoutCalls++;
      sent.payouts.add(i.reference);
      return tally(inner.payout(i), 'payoutTimeouts');
    },
    lookup: (r) => {
      counts.lookups++;
      return inner.lookup(r);
    },
    refund: (i) => inner.refund(i),
    disputeEvents: (c) => inner.disputeEvents(c),
  };
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
  it('charges each card exactly once, resolves unknowns by lookup, sends never-received calls again under the same reference, pays every capture back once', async () => {
    // The next month's pay-in, a minute after its due instant.
    const { period, at } = nextDuePayin();
    const deps: BillingDeps = { ...t.billing, payments: counted(t.payments), clock: fixedClock(at) };
    const operator = cliAuditContext('test');

    const payin = await forceBillingRun(deps, { kind: 'payin', period, audit: operator }, { wait: true });
    await drainUntilComplete(deps, payin.id);
    expect(counts.chargeTimeouts).toBeGreaterThan(0); // the faults really happened
    expect(counts.lookups).toBeGreaterThan(0);

    const attempts = await t.db
      .selectFrom('payment_attempts')
      .select(['card_id', 'status', 'instrument_id', 'decline_reason', 'reference'])
      .where('kind', '=', 'payin')
      .where('period', '=', period)
      .execute();
    expect(attempts).toHaveLength(cardIds.length);
    expect(new Set(attempts.map((a) => a.card_id)).size).toBe(cardIds.length);
    // Every card's own outcome: these test cards all capture. Nothing is "declined" for a call
    // the issuer never saw, and nothing is left in doubt.
    expect(attempts.map((a) => a.status)).toEqual(attempts.map(() => 'captured'));
    // Calls lost before the processor acted were sent again, always under the attempt's own
    // reference: more calls than cards, but exactly one reference per card.
    expect(counts.chargeCalls).toBeGreaterThan(cardIds.length);
    expect([...sent.charges].sort()).toEqual(attempts.map((a) => a.reference).sort());

    const moves = await processorMoves(t.db);
    const chargesAt = (instrument: string, status?: string) =>
      moves
        .filter(
          (m) => m.instrument_id === instrument && m.kind === 'charge' && (!status || m.status === status),
        )
        .reduce((n, m) => n + m.n, 0);
    for (const a of attempts) {
      // Our books say what the processor did: exactly one capture per card.
      expect(chargesAt(a.instrument_id ?? '')).toBe(1);
      expect(chargesAt(a.instrument_id ?? '', 'captured')).toBe(1);
    }

    // Pay-backs, with the same faults, in one payout run: a payout lost before the processor
    // acted is sent again under the same reference (the same try), not left for next month.
    const run = await forceBillingRun(deps, { kind: 'payout', period, audit: operator }, { wait: true });
    await drainUntilComplete(deps, run.id);
    expect(counts.payoutTimeouts).toBeGreaterThan(0);

    const payouts = await t.db
      .selectFrom('payouts')
      .select(['attempt_id', 'status', 'amount_cents', 'instrument_id', 'tries', 'reference'])
      .execute();
    expect(payouts).toHaveLength(attempts.length);
    expect(payouts.every((p) => p.status === 'paid' && p.amount_cents === 300 && p.tries === 1)).toBe(true);
    expect([...sent.payouts].sort()).toEqual(payouts.map((p) => p.reference).sort());
    const after = await processorMoves(t.db);
    for (const a of attempts) {
      const paid = after
        .filter((m) => m.instrument_id === a.instrument_id && m.kind === 'payout')
        .reduce((n, m) => n + m.n, 0);
      expect(paid, `paid back to ${a.instrument_id}`).toBe(1);
    }
    // Every try is on record.
    const tries = await sql<{ n: number }>`select count(*)::int as n from payout_tries`.execute(t.db);
    expect(tries.rows[0]?.n).toBe(payouts.length);

    const books = await reconcilePeriod(t.db, period);
    expect(books.pending.count).toBe(0);
    expect(books.charged.count).toBe(attempts.length);
    expect(books.paidBack).toEqual(books.charged);
    expect(books.outstanding).toEqual({ count: 0, cents: 0 });
  }, 120_000);
});
