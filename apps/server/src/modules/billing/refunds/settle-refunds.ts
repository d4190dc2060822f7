import { outcomeOf } from '../../../gateways/payments/outcome.ts';
import { mapLimit } from '../../../platform/limit.ts';
import type { BillingDeps } from '../billing-deps.ts';
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
 * Refunds in doubt (a timeout, a dead process): looked up by reference; a refund the processor
 * never received is sent again under the same reference (ADR 7's rule for money in doubt).
 * Called by the tick.
 */
export async function settleRefunds(deps: BillingDeps): Promise<number> {
  const open = await findRefundsInDoubt(deps.db, deps);
  if (open.length === 0) return 0;
  const never: string[] = [];
  let settled = 0;
  await mapLimit(open, deps.concurrency, async (f) => {
    try {
      const found = await deps.payments.lookup(f.reference);
      if (!found) {
        if (f.conclusive) never.push(f.id);
        return;
      }
      if (found.kind !== 'refund') return;
      const answer = outcomeOf(found);
      const o: RefundOutcomeRow = {
        id: f.id,
        status: answer.status,
        reason: answer.reason,
        gatewayTransactionId: answer.gatewayTransactionId,
      };
      if (await recordRefundOutcome(deps, ['submitted', 'unknown'], o, deps.clock.now())) settled++;
    } catch (err) {
      deps.logger.warn({ err, refund: f.id }, 'could not look up a refund; will try again');
    }
  });
  const resend = await claimRefundResends(deps.db, never, {
    lookedAt: open[0]?.looked_at ?? deps.clock.now(),
    lagMs: deps.lookupLagMs,
    staleAfterMs: deps.staleAfterMs,
  });
  for (const id of resend) {
    const row = await findRefund(deps.db, id);
    const charge = row ? await findCharge(deps.db, row.attempt_id) : undefined;
    if (!row || !charge) continue;
    const o = await sendRefund(deps, row, charge);
    if (await recordRefundOutcome(deps, ['submitted'], o, deps.clock.now())) settled++;
  }
  return settled;
}
