import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import type { BillingDeps, SubscriptionEffects } from '../billing/index.ts';
import { recordCheckoutOutcomes } from './apply-checkout-outcome.ts';
import { endPlanPaidBy, planPaidBy } from './plan-paid-by.ts';
import { expireUnrenewable, recordRenewalOutcomes, renewalsDue } from './renewals.ts';
import { staffPlanRoutes } from './staff/staff-plan.routes.ts';
import { subscriptionRoutes } from './subscriptions.routes.ts';

export { subscriptionOfCustomer } from './get-subscription.ts';
export { planEndedByDeletion, planFundedBy } from './plan-funded-by.ts';

export { stopSubscriptionsOf } from './renewals.ts';
export { toSubscriptionView } from './subscription-view.ts';
export { type PeriodPlan, subscriptionFromJson } from './subscriptions.repo.ts';

/** The subscriptions side of billing's SubscriptionEffects port (wired in services.ts and cli.ts). */
export const subscriptionEffects: SubscriptionEffects = {
  planPaidBy,
  endPlanPaidBy,
  renewalsDue,
  expireUnrenewable,
  recordRenewalOutcomes,
  recordCheckoutOutcomes,
};

export async function registerSubscriptionRoutes(
  app: FastifyInstance,
  deps: ModuleDeps & { billing?: BillingDeps },
): Promise<void> {
  const { payments, billing } = deps;
  if (!payments) throw new Error('the subscriptions module needs a payment gateway (ModuleDeps.payments)');
  // A charge waiting for the bank is settled by the money engine's step (ADR 47).
  if (!billing) throw new Error('the subscriptions module needs the money engine (billing)');
  await subscriptionRoutes(app, { ...deps, payments, billing });
  await staffPlanRoutes(app, deps);
}
