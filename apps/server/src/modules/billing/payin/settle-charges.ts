import { outcomeOf } from '../../../gateways/payments/outcome.ts';
import type { AttemptStatus } from '../../../platform/db-schema.ts';
import { SENT_UNANSWERED } from '../../../platform/money-status-sets.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { missedReason } from '../billing-schedule.ts';
import { conclusive, inDoubtOf, leasesOn, type Settled, settleInDoubt } from '../in-doubt/settle-in-doubt.ts';
import { addRunProgress, findUnsettled, type RunRow } from '../runs/runs.repo.ts';
import {
  type AttemptOutcome,
  type ClaimedAttempt,
  claimResends,
  markAttemptsMissed,
  recordOutcomes,
} from './charges.repo.ts';
import { writeStaleChunks } from './payin-chunks.repo.ts';
import { mayCharge } from './payin-window.ts';

/** A run's charges (pay-ins or renewals) in doubt. */
export async function settleAttempts(deps: BillingDeps, run: RunRow): Promise<Settled<ClaimedAttempt>> {
  const { db } = deps;
  // A chunk whose drain died (or stalls) before writing its attempts: they become `submitted`
  // rows dated when the chunk was taken, in doubt like any other (ADR 17).
  if (run.kind === 'payin') await writeStaleChunks(db, run.id, deps.staleAfterMs);
  return settleInDoubt<AttemptOutcome, ClaimedAttempt>(deps, {
    kind: 'charge',
    find: () => findUnsettled<AttemptStatus>(db, 'payment_attempts', inDoubtOf(deps, run.id)),
    ...leasesOn(deps, 'payment_attempts'),
    // Only a final answer settles it (a charge waiting for the bank stays in doubt).
    outcome: (id, found) =>
      found.status === 'captured' || found.status === 'declined' ? { id, ...outcomeOf(found) } : null,
    async record(outcomes) {
      const { done, declined } = await recordOutcomes(
        db,
        deps.subscriptions,
        SENT_UNANSWERED,
        outcomes,
        deps.clock.now(),
      );
      await addRunProgress(db, run.id, done, declined);
      return done;
    },
    async neverReceived(ids, lookedAt) {
      const now = deps.clock.now();
      if (mayCharge(run, now))
        return { answered: 0, resend: await claimResends(db, ids, conclusive(deps, lookedAt)) };
      const missed = await markAttemptsMissed(db, ids, {
        reason: missedReason(run.period),
        ...conclusive(deps, lookedAt),
      });
      await addRunProgress(db, run.id, missed, 0);
      return { answered: missed, resend: [] };
    },
  });
}
