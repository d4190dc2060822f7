import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import type { SubscriptionEffects } from '../billing/index.ts';
import { endPlanPaidBy, planPaidBy } from './plan-paid-by.ts';
import { subscriptionRoutes } from './subscriptions.routes.ts';

export { settlePendingSubscription, subscriptionOfCustomer } from './get-subscription.ts';
export { endPlanPaidBy, type PlanPaid, planPaidBy } from './plan-paid-by.ts';
export { type SubscriptionView, toSubscriptionView } from './subscription-view.ts';
export {
  findSubscriptionOfCustomer,
  type SubscriptionRow,
  subscriptionFromJson,
} from './subscriptions.repo.ts';

/** The subscriptions side of billing's SubscriptionEffects port (wired in services.ts and cli.ts). */
export const subscriptionEffects: SubscriptionEffects = { planPaidBy, endPlanPaidBy };

export async function registerSubscriptionRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { payments } = deps;
  if (!payments) throw new Error('the subscriptions module needs a payment gateway (ModuleDeps.payments)');
  await subscriptionRoutes(app, { ...deps, payments });
}
