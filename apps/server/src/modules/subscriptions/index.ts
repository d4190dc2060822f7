import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { subscriptionRoutes } from './subscriptions.routes.ts';

export { settlePendingSubscription, subscriptionOfCustomer } from './get-subscription.ts';
export { type SubscriptionView, toSubscriptionView } from './subscription-view.ts';
export {
  findSubscriptionOfCustomer,
  type SubscriptionRow,
  subscriptionFromJson,
} from './subscriptions.repo.ts';

export async function registerSubscriptionRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { payments } = deps;
  if (!payments) throw new Error('the subscriptions module needs a payment gateway (ModuleDeps.payments)');
  await subscriptionRoutes(app, { ...deps, payments });
}
