import { outcomeOf } from '../../../gateways/payments/outcome.ts';
import type { AttemptStatus, PayoutStatus } from '../../../platform/db-schema.ts';
import { mapLimit } from '../../../platform/limit.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { writeStalePayoutChunks } from '../payback/payout-chunks.repo.ts';
import {
  type ClaimedPayout,
  claimPayoutResends,
  type PayoutOutcomeRow,
  recordPayoutOutcomes,
} from '../payback/payouts.repo.ts';
import {
  type AttemptOutcome,
  type ClaimedAttempt,
  claimResends,
  markAttemptsMissed,
  recordOutcomes,
} from '../payin/charges.repo.ts';
import { writeStaleChunks } from '../payin/payin-chunks.repo.ts';
import { addRunProgress, findUnsettled, type RunRow } from '../runs/runs.repo.ts';
import { missedReason, payinWindowClosesAt } from '../schedule/billing-schedule.ts';

/**
 * In doubt: an attempt or payout left `submitted` by a dead worker (older than the staleness
 * window) or `unknown` after a timeout. Each is looked up by our reference:
 * - found: its outcome is recorded (captured, declined, paid, failed, returned);
 * - not found, and last sent longer ago than the lookup lag (which exceeds the HTTP timeout, so
 *   no request of ours can still be in flight or unindexed): the processor never received it.
 *   It is sent now under the same reference: the first try, not a retry (ADR 7). A pay-in whose
 *   window has closed is recorded `missed` instead, unless staff forced the period after it.
 * - not found, but sent too recently to tell: asked again on a later pass.
 * Nothing is ever given up, and nothing is ever sent under a new reference because of doubt.
 */
export interface Settled<T> {
  /** Attempts or payouts whose outcome is now known (progress of this pass). */
  answered: number;
  /** Never received: claimed to be sent again, same reference. */
  resend: T[];
}

/** May this run still send a charge? Pay-ins only until their window closes, unless forced after. */
export function mayCharge(run: RunRow, now: Date): boolean {
  if (run.kind !== 'payin') return true;
  const closes = payinWindowClosesAt(run.period);
  return now < closes || (run.forced_at !== null && new Date(run.forced_at) >= closes);
}

const inDoubt = (deps: BillingDeps, runId: string) => ({
  runId,
  staleAfterMs: deps.staleAfterMs,
  lookupLagMs: deps.lookupLagMs,
});

export async function settleAttempts(deps: BillingDeps, run: RunRow): Promise<Settled<ClaimedAttempt>> {
  const { db } = deps;
  // A chunk whose drain died (or stalls) before writing its attempts: they become `submitted`
  // rows dated when the chunk was taken, in doubt like any other (ADR 17).
  if (run.kind === 'payin') await writeStaleChunks(db, run.id, deps.staleAfterMs);
  const unsettled = await findUnsettled<AttemptStatus>(db, 'payment_attempts', inDoubt(deps, run.id));
  if (unsettled.length === 0) return { answered: 0, resend: [] };
  const neverReceived: string[] = [];
  const outcomes = await mapLimit(unsettled, deps.concurrency, async (a): Promise<AttemptOutcome | null> => {
    try {
      const found = await deps.payments.lookup(a.reference);
      if (!found) {
        if (a.conclusive) neverReceived.push(a.id);
        return null;
      }
      if (found.kind !== 'charge') {
        deps.logger.error({ attempt: a.id }, 'our charge reference names a payout at the processor');
        return null;
      }
      // Only a final answer settles it (a charge waiting for the bank stays in doubt).
      if (found.status === 'captured' || found.status === 'declined')
        return { id: a.id, ...outcomeOf(found) };
      return null;
    } catch (err) {
      deps.logger.warn({ err, attempt: a.id }, 'could not look up a charge; will try again');
      return null;
    }
  });
  const now = deps.clock.now();
  const settled = outcomes.filter((o): o is AttemptOutcome => o !== null);
  const { done, declined } = await recordOutcomes(
    db,
    deps.subscriptions,
    ['submitted', 'unknown'],
    settled,
    now,
  );
  await addRunProgress(db, run.id, done, declined);

  const conclusive = {
    lookedAt: unsettled[0]?.looked_at ?? now,
    lagMs: deps.lookupLagMs,
    staleAfterMs: deps.staleAfterMs,
    at: now,
  };
  if (mayCharge(run, now)) {
    return { answered: done, resend: await claimResends(db, neverReceived, conclusive) };
  }
  const missed = await markAttemptsMissed(db, neverReceived, {
    reason: missedReason(run.period),
    ...conclusive,
  });
  await addRunProgress(db, run.id, missed, 0);
  return { answered: done + missed, resend: [] };
}

export async function settlePayouts(deps: BillingDeps, run: RunRow): Promise<Settled<ClaimedPayout>> {
  const { db } = deps;
  // A payout chunk whose drain died (or stalls) before writing its tries (ADR 17).
  await writeStalePayoutChunks(db, run.id, deps.staleAfterMs);
  const unsettled = await findUnsettled<PayoutStatus>(db, 'payouts', inDoubt(deps, run.id));
  if (unsettled.length === 0) return { answered: 0, resend: [] };
  const neverReceived: string[] = [];
  const outcomes = await mapLimit(
    unsettled,
    deps.concurrency,
    async (p): Promise<PayoutOutcomeRow | null> => {
      try {
        const found = await deps.payments.lookup(p.reference);
        if (!found) {
          if (p.conclusive) neverReceived.push(p.id);
          return null;
        }
        if (found.kind !== 'payout') {
          deps.logger.error({ payout: p.id }, 'our payout reference names a charge at the processor');
          return null;
        }
        const o = outcomeOf(found);
        return { id: p.id, status: o.status, reason: o.reason, gatewayTransactionId: o.gatewayTransactionId };
      } catch (err) {
        deps.logger.warn({ err, payout: p.id }, 'could not look up a payout; will try again');
        return null;
      }
    },
  );
  const settled = outcomes.filter((o): o is PayoutOutcomeRow => o !== null);
  const { answered, done, failed } = await recordPayoutOutcomes(
    db,
    run.id,
    ['submitted', 'unknown'],
    settled,
    deps.clock.now(),
  );
  await addRunProgress(db, run.id, done, failed);
  const resend = await claimPayoutResends(db, neverReceived, {
    lookedAt: unsettled[0]?.looked_at ?? deps.clock.now(),
    lagMs: deps.lookupLagMs,
    staleAfterMs: deps.staleAfterMs,
    at: deps.clock.now(),
  });
  return { answered, resend };
}
