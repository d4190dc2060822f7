import { adminMessages, type RefundPlanEffect, type RefundPreview } from '@pria/contracts';
import { notFound } from '../../../platform/errors.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { chargePeriod, refundLeft } from './refund-amount.ts';
import { refundOf } from './refund-charge.ts';
import { findCharge } from './refunds.repo.ts';

/**
 * What a refund would be and do, for the dialog staff confirm, given the refunds already made of
 * the charge: the amount (the same computation as the refund), what is left before and after it,
 * what it does to the plan (ending it is the subscriptions module's rule, the same as when it goes
 * through), and why it cannot be made now, if so.
 */
export async function previewRefund(
  deps: BillingDeps,
  r: { chargeId: string; mode: 'full' | 'prorated' },
): Promise<RefundPreview> {
  const charge = await findCharge(deps.db, r.chargeId);
  if (!charge) throw notFound(adminMessages.chargeNotFound);
  const now = deps.clock.now();
  const { refusal, amount } = refundOf(charge, r.mode, now);
  const isPlan = charge.kind === 'subscription';
  const plan = isPlan ? await deps.subscriptions.planPaidBy(deps.db, charge.id, now) : undefined;
  const periodEnd = isPlan ? chargePeriod(charge).end.toJSDate() : null;
  // NOTE: a charge whose plan an earlier refund ended does not pay a period in progress any more;
  // only `ends_plan` changes the plan, and only the subscriptions module decides that.
  const planEffect: RefundPlanEffect = plan
    ? 'ends_plan'
    : charge.plan_ended_at
      ? 'ended_by_earlier_refund'
      : periodEnd && periodEnd <= now
        ? 'period_over'
        : 'plan_not_active';
  const left = refundLeft(charge);
  return {
    chargeId: charge.id,
    mode: r.mode,
    amount,
    charged: Number(charge.amount_cents),
    refunded: Number(charge.refunded),
    left,
    leftAfter: left - amount,
    endsPlan: plan !== undefined,
    planEffect,
    planName: plan?.planName ?? null,
    planWouldEndAt: plan ? plan.endsAt.toISOString() : null,
    planEndedAt: charge.plan_ended_at ? new Date(charge.plan_ended_at).toISOString() : null,
    periodEndsAt: periodEnd?.toISOString() ?? null,
    refusal,
  };
}
