import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { currentCustomer } from '../customers/index.ts';
import { findPlan } from '../plans/index.ts';
import { toSubscriptionView } from './subscription-view.ts';
import {
  findEndingRefund,
  findLastDecline,
  findPauseState,
  findPendingCharge,
  findSubscriptionOfCustomer,
  findSubscriptionWithPlan,
} from './subscriptions.repo.ts';

/**
 * The caller's subscription (null when they never subscribed), as stored: reading it never
 * settles anything (ADR 47). A plan charge waiting for an answer shows as Pending Verification
 * ("waiting for your bank") until the money engine's settle step records the answer.
 */
export async function getOwnSubscription(db: Db, principal: Principal) {
  const customer = await currentCustomer(db, principal);
  const subscription = await findSubscriptionOfCustomer(db, customer.id);
  if (!subscription) return null;
  const plan = await findPlan(db, subscription.plan_id);
  if (!plan) return null;
  // Why it is inactive: a refund ended it (staff refunded the charge that paid it), or the renewal
  // was declined (in the issuer's words, so the screen can offer to pay with another card).
  const inactive = subscription.status === 'inactive';
  const refund = inactive ? await findEndingRefund(db, subscription.id) : undefined;
  const lastDecline = inactive ? await findLastDecline(db, subscription.id) : undefined;
  // The newer of the two ended it: a plan ended by a refund and then bought again with a card that
  // was declined is inactive because of that decline (issue 29).
  const endedByRefund =
    refund?.plan_ended_at &&
    subscription.expires_at &&
    new Date(refund.plan_ended_at).getTime() === new Date(subscription.expires_at).getTime() &&
    !(lastDecline && lastDecline.updated_at > refund.plan_ended_at);
  const decline = endedByRefund ? undefined : lastDecline;
  // Still waiting on the bank: the way back into its verification page (issue 29: it was lost
  // once the checkout screen was left).
  const waiting =
    subscription.status === 'pending_verification' ? await findPendingCharge(db, subscription.id) : undefined;
  const nextPlan = subscription.next_plan_id
    ? ((await findPlan(db, subscription.next_plan_id)) ?? null)
    : null;
  return {
    ...toSubscriptionView(subscription, plan, {
      pause: await findPauseState(db, subscription.id),
      nextPlan,
    }),
    inactiveReason: decline?.decline_reason ?? null,
    endedBy: endedByRefund ? ('refund' as const) : decline ? ('decline' as const) : null,
    /** The declined payment was the checkout's (the customer's) or a renewal's. */
    inactiveAfter: decline ? (decline.initiator === 'customer' ? 'checkout' : 'renewal') : null,
    verificationUrl: waiting?.status === 'requires_authentication' ? (waiting.session_url ?? null) : null,
  };
}

/** A customer's subscription as stored (no processor call), for the customer record: one query. */
export async function subscriptionOfCustomer(db: Db, customerId: string) {
  const row = await findSubscriptionWithPlan(db, customerId);
  // The same parts as the one-query record (GET /customers/me): both answer the same record.
  return row
    ? toSubscriptionView(row.subscription, row.plan, {
        pause: row.pause,
        periodPlan: row.periodPlan,
        nextPlan: row.nextPlan,
      })
    : null;
}
