import { outcomeOf } from '../../../gateways/payments/outcome.ts';
import { SENT_UNANSWERED } from '../../../platform/money-status-sets.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { leasesOn, settleInDoubt } from '../in-doubt/settle-in-doubt.ts';
import {
  claimRefundResends,
  findCharge,
  findRefund,
  findRefundsInDoubt,
  type RefundOutcomeRow,
  recordRefundOutcome,
} from './refunds.repo.ts';
import { sendRefund } from './send-refund.ts';

/**
 * Refunds in doubt (a timeout, a dead process), through the one settle step: looked up by
 * reference; a refund the processor never received is sent again under the same reference (ADR
 * 7's rule for money in doubt). Called by the tick; returns how many were settled.
 */
export async function settleRefunds(deps: BillingDeps): Promise<number> {
  const { answered, resend } = await settleInDoubt<RefundOutcomeRow, string>(deps, {
    kind: 'refund',
    find: () => findRefundsInDoubt(deps.db, deps),
    ...leasesOn(deps, 'refunds'),
    outcome(id, found) {
      if (found.kind !== 'refund') return null;
      const o = outcomeOf(found);
      return { id, status: o.status, reason: o.reason, gatewayTransactionId: o.gatewayTransactionId };
    },
    async record(outcomes) {
      let settled = 0;
      for (const o of outcomes) {
        if (await recordRefundOutcome(deps, SENT_UNANSWERED, o, deps.clock.now())) settled++;
      }
      return settled;
    },
    neverReceived: async (ids, lookedAt) => ({
      answered: 0,
      resend: await claimRefundResends(deps.db, ids, {
        lookedAt,
        lagMs: deps.lookupLagMs,
        staleAfterMs: deps.staleAfterMs,
      }),
    }),
  });
  let settled = answered;
  for (const id of resend) {
    const row = await findRefund(deps.db, id);
    const charge = row ? await findCharge(deps.db, row.attempt_id) : undefined;
    if (!row || !charge) continue;
    const o = await sendRefund(deps, row, charge);
    if (await recordRefundOutcome(deps, ['submitted'], o, deps.clock.now())) settled++;
  }
  return settled;
}
