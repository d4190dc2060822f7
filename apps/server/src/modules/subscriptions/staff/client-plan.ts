import { messages, planActionRefusal, type StaffPlanAction } from '@pria/contracts';
import type { Db } from '../../../platform/db.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { findPlan, type PlanRow } from '../../plans/index.ts';
import { toSubscriptionView } from '../subscription-view.ts';
import { findPauseState, findSubscriptionOfCustomer, type SubscriptionRow } from '../subscriptions.repo.ts';

/**
 * The client's plan staff act on from the client page (issue 40): the one the page showed
 * (a customer has one subscription row; another id is 404, as for the customer).
 */
export async function findClientPlan(
  db: Db,
  r: { customerId: string; subscriptionId: string },
): Promise<{ subscription: SubscriptionRow; plan: PlanRow }> {
  const subscription = await findSubscriptionOfCustomer(db, r.customerId);
  if (!subscription || subscription.id !== r.subscriptionId) throw notFound(messages.subscriptionNotFound);
  const plan = await findPlan(db, subscription.plan_id);
  if (!plan) throw notFound(messages.subscriptionNotFound);
  return { subscription, plan };
}

/**
 * Refuses (409, in staff's words) an action the plan does not allow now, by the one rule the
 * client page also reads (`planActionRefusal`), asked of the plan as its view says it is.
 */
export async function refuseUnlessAllowed(
  db: Db,
  action: StaffPlanAction,
  r: { subscription: SubscriptionRow; plan: PlanRow; now: Date },
): Promise<void> {
  const view = toSubscriptionView(r.subscription, r.plan, {
    pause: await findPauseState(db, r.subscription.id),
  });
  const refusal = planActionRefusal(action, view, r.now);
  if (refusal) throw new AppError('CONFLICT', refusal);
}
