import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import type { SubscriptionEffects } from '../billing/index.ts';
import { endPlanPaidBy, planPaidBy } from './plan-paid-by.ts';
import { expireUnrenewable, recordRenewalOutcomes, renewalsDue } from './renewals.ts';
import { subscriptionRoutes } from './subscriptions.routes.ts';

export { subscriptionOfCustomer } from './get-subscription.ts';

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
};

export async function registerSubscriptionRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { payments } = deps;
  if (!payments) throw new Error('the subscriptions module needs a payment gateway (ModuleDeps.payments)');
  await subscriptionRoutes(app, { ...deps, payments });
}
