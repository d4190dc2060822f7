import { cents } from '@pria/contracts';
import { GatewayError, GatewayTimeout } from '../../gateways/payments/port.ts';
import type { AttemptStatus, PayoutStatus, RunKind } from '../../platform/db-schema.ts';
import { mapLimit } from '../../platform/limit.ts';
import type { BillingDeps } from './billing-deps.ts';
import { logBillingEvent } from './billing-log.ts';
import { payinDueAt } from './billing-schedule.ts';
import {
  type AttemptOutcome,
  type ClaimedAttempt,
  chunkPayins,
  claimAttempts,
  claimPayinChunk,
  countOpenAttempts,
  countRunWork,
  expireUnrenewable,
  materializeRenewals,
  recordOutcomes,
} from './charges.repo.ts';
import { releaseSettledInstruments } from './owed.ts';
import {
  type ClaimedPayout,
  claimPayouts,
  countOpenPayouts,
  countOwedPayouts,
  materializePayouts,
  type PayoutOutcomeRow,
  recordPayoutOutcomes,
} from './payouts.repo.ts';
import {
  addRunProgress,
  completeRun,
  findUnsettled,
  getRun,
  openRun,
  type RunRow,
  setRunTotal,
} from './runs.repo.ts';
import { streamBatches } from './stream-batches.ts';

/**
 * Opens (or reopens) the run for (kind, period) as of `asOf` and writes the work it owns as
 * rows: pay-in attempts, renewal attempts or payouts. Safe to call any number of times, from
 * any number of processes: unique keys make the second call add only what is new.
 */
export async function startRun(
  deps: BillingDeps,
  r: { kind: RunKind; period: string; asOf: Date; startedBy: string; forced: boolean },
): Promise<RunRow> {
  const { db } = deps;
  const run = await openRun(db, r);
  let total: number;
  if (r.kind === 'payin') {
    // A forced pay-in before the 28th covers cards registered so far; the scheduled pass on the
    // 28th reopens the run and adds the rest.
    const dueAt = new Date(Math.min(payinDueAt(r.period).getTime(), r.asOf.getTime()));
    await chunkPayins(db, {
      runId: run.id,
      period: r.period,
      dueAt: r.forced ? r.asOf : dueAt,
      asOf: r.asOf,
      size: deps.batchSize,
    });
    total = await countRunWork(db, run.id);
  } else if (r.kind === 'subscriptions') {
    await expireUnrenewable(db, r.asOf);
    await materializeRenewals(db, run.id, r.asOf);
    total = await countRunWork(db, run.id);
  } else {
    await materializePayouts(db, r.period, r.asOf);
    total = Math.max(await countOwedPayouts(db, r.period), run.done);
  }
  await setRunTotal(db, run.id, total);
  await logBillingEvent(db, `${r.kind} run ${r.period} started (${total} items)`, r.startedBy, {
    runId: run.id,
    forced: r.forced,
    asOf: r.asOf.toISOString(),
  });
  return { ...run, total };
}

/**
 * Works a run until nothing is left to do: settles what a dead worker left behind, then claims
 * batches and sends them to the processor with bounded concurrency. Several processes may
 * drain one run at once. Completes the run when no attempt or payout of it is open.
 */
export async function drainRun(deps: BillingDeps, runId: string): Promise<RunRow | undefined> {
  const run = await getRun(deps.db, runId);
  if (!run) return undefined;
  if (run.kind === 'payout') await drainPayouts(deps, run);
  else await drainCharges(deps, run);
  const open =
    run.kind === 'payout'
      ? await countOpenPayouts(deps.db, run.id, run.period)
      : await countOpenAttempts(deps.db, run.id);
  if (open === 0) {
    const done = await completeRun(deps.db, run.id);
    if (done) {
      await logBillingEvent(
        deps.db,
        `${run.kind} run ${run.period} completed: ${done.done} done, ${done.failed} failed`,
        'system',
        {
          runId: run.id,
        },
      );
    }
  }
  return getRun(deps.db, run.id);
}

async function drainCharges(deps: BillingDeps, run: RunRow): Promise<void> {
  const { db } = deps;
  await settleAttempts(deps, run.id);
  await streamBatches({
    claim: (limit) => claimCharges(deps, run, limit),
    call: (a) => chargeOne(deps, a),
    record: async (outcomes) => {
      for (const o of outcomes) deps.metrics?.billingAttempts.inc({ kind: run.kind, status: o.status });
      const { recorded, declined } = await recordOutcomes(db, ['submitted'], outcomes, deps.clock.now());
      await addRunProgress(db, run.id, recorded, declined);
    },
    concurrency: deps.concurrency,
    batchSize: deps.batchSize,
  });
}

/**
 * The next attempts to send: a pay-in run's next chunk (written as they are sent), then the
 * run's attempts written `created` up front (a renewal run's).
 */
async function claimCharges(deps: BillingDeps, run: RunRow, limit: number): Promise<ClaimedAttempt[]> {
  if (run.kind === 'payin') {
    for (;;) {
      const claimed = await claimPayinChunk(deps.db, run.id, run.period);
      if (claimed === null) break;
      // A chunk whose cards all stopped being owed since it was cut: take the next one.
      if (claimed.length > 0) return claimed;
    }
  }
  return claimAttempts(deps.db, run.id, limit);
}

async function chargeOne(deps: BillingDeps, a: ClaimedAttempt): Promise<AttemptOutcome> {
  const base = { id: a.id, reason: null, gatewayTransactionId: null, sessionUrl: null };
  try {
    const o = await deps.payments.charge({
      reference: a.reference,
      instrumentId: a.instrument_id,
      amountCents: cents(a.amount_cents),
      description: a.description,
      initiator: 'merchant',
    });
    if (o.status === 'captured')
      return { ...base, status: 'captured', gatewayTransactionId: o.gatewayTransactionId };
    if (o.status === 'declined') {
      return { ...base, status: 'declined', reason: o.reason, gatewayTransactionId: o.gatewayTransactionId };
    }
    return {
      ...base,
      status: 'requires_authentication',
      sessionUrl: o.sessionUrl,
      gatewayTransactionId: o.gatewayTransactionId,
    };
  } catch (err) {
    // The processor refused the request itself: no money moved, and we never retry a month.
    if (err instanceof GatewayError) return { ...base, status: 'declined', reason: err.message };
    // A timeout, or anything else mid-call: the money may have moved. Ask later, never resend.
    if (!(err instanceof GatewayTimeout)) deps.logger.warn({ err, attempt: a.id }, 'charge failed mid-call');
    return { ...base, status: 'unknown' };
  }
}

/** A run's unsettled rows, as this process's thresholds define them. */
const unsettledAfter = (deps: BillingDeps, runId: string) => ({
  runId,
  staleAfterMs: deps.staleAfterMs,
  lookupLagMs: deps.lookupLagMs,
});

/** Settles submitted-and-abandoned or unknown attempts by asking the processor about our reference. */
async function settleAttempts(deps: BillingDeps, runId: string): Promise<void> {
  const unsettled = await findUnsettled<AttemptStatus>(
    deps.db,
    'payment_attempts',
    unsettledAfter(deps, runId),
  );
  if (unsettled.length === 0) return;
  const outcomes = await mapLimit(unsettled, deps.concurrency, async (a): Promise<AttemptOutcome | null> => {
    const base = { id: a.id, reason: null, gatewayTransactionId: null, sessionUrl: null };
    try {
      const found = await deps.payments.lookup(a.reference);
      // Not found: never received, unless the processor may not have indexed it yet.
      if (!found)
        return a.young ? null : { ...base, status: 'declined', reason: 'Not received by the processor' };
      if (found.kind !== 'charge') return null;
      if (found.status === 'captured')
        return { ...base, status: 'captured', gatewayTransactionId: found.gatewayTransactionId };
      if (found.status === 'declined') {
        return {
          ...base,
          status: 'declined',
          reason: found.reason,
          gatewayTransactionId: found.gatewayTransactionId,
        };
      }
      return null;
    } catch (err) {
      deps.logger.warn({ err, attempt: a.id }, 'could not look up a charge; will try again');
      return null;
    }
  });
  const settled = outcomes.filter((o): o is AttemptOutcome => o !== null);
  // A stale 'submitted' attempt first counts as processed once it is settled.
  const { recorded, declined } = await recordOutcomes(
    deps.db,
    ['submitted', 'unknown'],
    settled,
    deps.clock.now(),
  );
  const wasSubmitted = new Set(unsettled.filter((u) => u.status === 'submitted').map((u) => u.id));
  const newlyDone = settled.filter((s) => wasSubmitted.has(s.id)).length;
  await addRunProgress(deps.db, runId, Math.min(newlyDone, recorded), declined);
}

async function drainPayouts(deps: BillingDeps, run: RunRow): Promise<void> {
  const { db } = deps;
  // Captures settled since the run opened (e.g. unknown -> captured) get their payout too.
  await materializePayouts(db, run.period, deps.clock.now(), { wait: false });
  await settlePayouts(deps, run.id);
  await streamBatches({
    claim: (limit) => claimPayouts(db, run.id, run.period, limit),
    call: (p) => payOne(deps, p),
    record: async (outcomes) => {
      for (const o of outcomes) deps.metrics?.billingAttempts.inc({ kind: 'payout', status: o.status });
      const { recorded, failed } = await recordPayoutOutcomes(
        db,
        run.id,
        ['submitted'],
        outcomes,
        deps.clock.now(),
      );
      await addRunProgress(db, run.id, recorded, failed);
    },
    concurrency: deps.concurrency,
    batchSize: deps.batchSize,
  });
  await releaseSettledInstruments(db, deps.payments).catch((err: unknown) =>
    deps.logger.warn({ err }, 'could not release settled instruments; the next payout run will retry'),
  );
}

async function payOne(deps: BillingDeps, p: ClaimedPayout): Promise<PayoutOutcomeRow> {
  try {
    const o = await deps.payments.payout({
      reference: p.reference,
      instrumentId: p.instrument_id,
      amountCents: cents(p.amount_cents),
    });
    return o.status === 'paid'
      ? { id: p.id, status: 'paid', reason: null, gatewayTransactionId: o.gatewayTransactionId }
      : { id: p.id, status: 'failed', reason: o.reason, gatewayTransactionId: o.gatewayTransactionId };
  } catch (err) {
    if (err instanceof GatewayError)
      return { id: p.id, status: 'failed', reason: err.message, gatewayTransactionId: null };
    if (!(err instanceof GatewayTimeout)) deps.logger.warn({ err, payout: p.id }, 'payout failed mid-call');
    return { id: p.id, status: 'unknown', reason: null, gatewayTransactionId: null };
  }
}

async function settlePayouts(deps: BillingDeps, runId: string): Promise<void> {
  const unsettled = await findUnsettled<PayoutStatus>(deps.db, 'payouts', unsettledAfter(deps, runId));
  if (unsettled.length === 0) return;
  const outcomes = await mapLimit(
    unsettled,
    deps.concurrency,
    async (p): Promise<PayoutOutcomeRow | null> => {
      try {
        const found = await deps.payments.lookup(p.reference);
        // Never received: no money moved; the payout stays owed and a later run tries again.
        // NOTE: too young to tell (search indexing lag): asking again, since a retry under a new
        // reference would pay twice if the first one did arrive.
        if (!found && p.young) return null;
        if (!found)
          return {
            id: p.id,
            status: 'failed',
            reason: 'Not received by the processor',
            gatewayTransactionId: null,
          };
        if (found.kind !== 'payout') return null;
        return found.status === 'paid'
          ? { id: p.id, status: 'paid', reason: null, gatewayTransactionId: found.gatewayTransactionId }
          : {
              id: p.id,
              status: 'failed',
              reason: found.reason,
              gatewayTransactionId: found.gatewayTransactionId,
            };
      } catch (err) {
        deps.logger.warn({ err, payout: p.id }, 'could not look up a payout; will try again');
        return null;
      }
    },
  );
  const settled = outcomes.filter((o): o is PayoutOutcomeRow => o !== null);
  const { failed } = await recordPayoutOutcomes(
    deps.db,
    runId,
    ['submitted', 'unknown'],
    settled,
    deps.clock.now(),
  );
  await addRunProgress(deps.db, runId, 0, failed);
}
