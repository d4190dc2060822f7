import { messages } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { currentCustomer } from '../customers/index.ts';
import { sendCustomerNotice } from '../notifications/index.ts';
import { findPlan } from '../plans/index.ts';
import { renewalTerms } from './renewal-terms.ts';
import { notCancelled, subscriptionEnded } from './subscription-errors.ts';
import { toSubscriptionView } from './subscription-view.ts';
import {
  clearCancellation,
  findPauseState,
  findSubscriptionOfCustomer,
  noticeCard,
} from './subscriptions.repo.ts';

/**
 * "Keep my subscription": undoes a cancellation before the end date, so the plan renews as usual.
 * After the end date the subscription has ended; the customer subscribes again instead.
 * A plan change scheduled before the cancellation stays (ADR 40): the email and the answer name
 * the plan the renewal charges and starts (issue 40: it named the plan in force and its price).
 */
export async function keepSubscription(
  deps: { db: Db; clock: Clock; publicUrl: string },
  principal: Principal,
  subscriptionId: string,
) {
  const customer = await currentCustomer(deps.db, principal);
  const current = await findSubscriptionOfCustomer(deps.db, customer.id);
  if (!current || current.id !== subscriptionId) throw notFound(messages.subscriptionNotFound);
  if (!current.cancelled_at) throw notCancelled();
  const plan = await findPlan(deps.db, current.plan_id);
  if (!plan) throw notFound(messages.subscriptionNotFound);
  // What the renewal charges and starts, as the renewal run reads it (coalesce(next_plan_id, plan_id)).
  const { nextPlan, amountCents } = await renewalTerms(deps.db, current, plan);
  const now = deps.clock.now();
  const actor = principal.email ?? customer.email ?? principal.subject;
  const kept = await deps.db.transaction().execute(async (tx) => {
    const row = await clearCancellation(tx, current.id, now);
    if (!row) return undefined;
    const renewsAt = new Date(row.expires_at as Date).toISOString();
    const card = await noticeCard(tx, row.card_id);
    await tx
      .insertInto('event_log')
      .values({
        stream: 'subscriptions',
        message: `Subscription kept by ${actor}; renews ${renewsAt}`,
        actor,
        data: JSON.stringify({ subscriptionId: row.id, customerId: customer.id, renewsAt }),
      })
      .execute();
    await sendCustomerNotice(
      tx,
      {
        data: {
          type: 'subscription.resumed',
          planName: plan.name,
          renewsAsPlanName: nextPlan ? nextPlan.name : null,
          amountCents,
          renewsAt,
          card,
        },
        dedupeKey: `subscription.resumed:${row.id}:${now.toISOString()}`,
        customerId: customer.id,
        subscriptionId: row.id,
      },
      deps,
    );
    return row;
  });
  if (!kept) throw subscriptionEnded();
  return {
    subscription: toSubscriptionView(kept, plan, { pause: await findPauseState(deps.db, kept.id), nextPlan }),
  };
}
