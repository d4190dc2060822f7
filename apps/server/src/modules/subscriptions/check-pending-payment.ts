import type { Principal } from '../../platform/auth.ts';
import { type BillingDeps, settlePlanCharges } from '../billing/index.ts';
import { currentCustomer } from '../customers/index.ts';
import { getOwnSubscription } from './get-subscription.ts';
import { findPendingCharge, findSubscriptionOfCustomer } from './subscriptions.repo.ts';

/**
 * The customer is back from their bank's page, or is watching the wait: their own plan charge
 * waiting for an answer is settled now, through the money engine's one settle step (the same the
 * tick runs every minute, with its clock, leases and lookup lag: ADR 47), and their subscription
 * is read. Nothing waiting: it is only read.
 */
export async function checkPendingPayment(deps: { billing: BillingDeps }, principal: Principal) {
  const { db } = deps.billing;
  const customer = await currentCustomer(db, principal);
  const subscription = await findSubscriptionOfCustomer(db, customer.id);
  const pending =
    subscription?.status === 'pending_verification'
      ? await findPendingCharge(db, subscription.id)
      : undefined;
  if (pending) await settlePlanCharges(deps.billing, { attemptId: pending.id });
  return getOwnSubscription(db, principal);
}
