import { adminMessages, type RefundPreview } from '@pria/contracts';
import { notFound } from '../../../platform/errors.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { refundAmount } from './refund-amount.ts';
import { refundRefusal } from './refund-charge.ts';
import { findCharge } from './refunds.repo.ts';

/**
 * What a refund would be and do, for the dialog staff confirm: the amount (the same computation
 * as the refund), whether it ends the plan (the same rule as when it goes through: the
 * subscriptions module's), and why it cannot be made now, if so.
 */
export async function previewRefund(
  deps: BillingDeps,
  r: { chargeId: string; mode: 'full' | 'prorated' },
): Promise<RefundPreview> {
  const charge = await findCharge(deps.db, r.chargeId);
  if (!charge) throw notFound(adminMessages.chargeNotFound);
  const now = deps.clock.now();
  const amount = refundAmount(charge, r.mode, now);
  const plan =
    charge.kind === 'subscription' ? await deps.subscriptions.planPaidBy(deps.db, charge.id, now) : undefined;
  return {
    chargeId: charge.id,
    mode: r.mode,
    amount,
    charged: Number(charge.amount_cents),
    refunded: Number(charge.refunded),
    endsPlan: plan !== undefined,
    planName: plan?.planName ?? null,
    planWouldEndAt: plan ? plan.endsAt.toISOString() : null,
    refusal: refundRefusal(charge, amount),
  };
}
