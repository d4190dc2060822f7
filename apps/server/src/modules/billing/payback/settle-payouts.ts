import { outcomeOf } from '../../../gateways/payments/outcome.ts';
import type { PayoutStatus } from '../../../platform/db-schema.ts';
import { SENT_UNANSWERED } from '../../../platform/money-status-sets.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { conclusive, inDoubtOf, leasesOn, type Settled, settleInDoubt } from '../in-doubt/settle-in-doubt.ts';
import { addRunProgress, findUnsettled, type RunRow } from '../runs/runs.repo.ts';
import { writeStalePayoutChunks } from './payout-chunks.repo.ts';
import {
  type ClaimedPayout,
  claimPayoutResends,
  type PayoutOutcomeRow,
  recordPayoutOutcomes,
} from './payouts.repo.ts';

/** A run's pay-backs in doubt. */
export async function settlePayouts(deps: BillingDeps, run: RunRow): Promise<Settled<ClaimedPayout>> {
  const { db } = deps;
  // A payout chunk whose drain died (or stalls) before writing its tries (ADR 17).
  await writeStalePayoutChunks(db, run.id, deps.staleAfterMs);
  return settleInDoubt<PayoutOutcomeRow, ClaimedPayout>(deps, {
    kind: 'payout',
    find: () => findUnsettled<PayoutStatus>(db, 'payouts', inDoubtOf(deps, run.id)),
    ...leasesOn(deps, 'payouts'),
    outcome(id, found) {
      if (found.kind !== 'payout') return null;
      const o = outcomeOf(found);
      return { id, status: o.status, reason: o.reason, gatewayTransactionId: o.gatewayTransactionId };
    },
    async record(outcomes) {
      const { answered, done, failed } = await recordPayoutOutcomes(
        db,
        run.id,
        SENT_UNANSWERED,
        outcomes,
        deps.clock.now(),
      );
      await addRunProgress(db, run.id, done, failed);
      return answered;
    },
    neverReceived: async (ids, lookedAt) => ({
      answered: 0,
      resend: await claimPayoutResends(db, ids, conclusive(deps, lookedAt)),
    }),
  });
}
