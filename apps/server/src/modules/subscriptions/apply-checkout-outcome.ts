import type { Db } from '../../platform/db.ts';
import { type CheckoutOutcome, planPeriodEnd } from '../billing/index.ts';
import { markOnboarded } from '../customers/index.ts';
import { findPlan } from '../plans/index.ts';
import {
  recordSubscriptionStarted,
  updateSubscription,
  updateWaitingSubscription,
} from './subscriptions.repo.ts';

/**
 * What a checkout's charge, once settled, does to the subscription it paid for (ADR 47): one rule,
 * whether the answer came to the checkout's own call or to the money engine's settle step later,
 * in the transaction that records the charge's outcome.
 * - captured: the plan it was bought on is active until the end of the paid period; the customer
 *   gets the receipt email (a money event) and onboarding is over however the plan was bought;
 * - declined (the issuer's words are the charge's reason) or missed (no answer in its window:
 *   nothing moved): inactive, and the customer may buy again. Only a subscription still waiting
 *   for this charge changes: a plan in force is never ended by a stale attempt.
 */
export async function applyCheckoutOutcome(tx: Db, o: CheckoutOutcome): Promise<void> {
  if (o.status === 'captured') {
    const plan = await findPlan(tx, o.planId);
    if (!plan) throw new Error(`plan ${o.planId} of charge ${o.attemptId} is gone`);
    await recordSubscriptionStarted(tx, {
      id: o.attemptId,
      customer_id: o.customerId,
      card_id: o.cardId,
      amount_cents: o.amountCents,
      settled_at: o.settledAt,
    });
    await markOnboarded(tx, o.customerId);
    await updateSubscription(tx, o.subscriptionId, {
      plan_id: o.planId,
      status: 'active',
      expires_at: planPeriodEnd(o.period, plan.interval_count),
    });
    return;
  }
  await updateWaitingSubscription(tx, o.subscriptionId, 'inactive');
}

/** The subscriptions side of billing's port: checkout charges the settle step settled. */
export async function recordCheckoutOutcomes(tx: Db, outcomes: readonly CheckoutOutcome[]): Promise<void> {
  for (const o of outcomes) await applyCheckoutOutcome(tx, o);
}
