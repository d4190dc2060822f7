import { messages } from '@pria/contracts';
import { type AuditContext, recordStaffAction } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { payBacksOwed } from '../billing/index.ts';
import { currentCustomer } from '../customers/index.ts';
import { sendCustomerNotice } from '../notifications/index.ts';
import { findPlan } from '../plans/index.ts';
import { alreadyCancelled, nothingToCancel } from './subscription-errors.ts';
import { toSubscriptionView } from './subscription-view.ts';
import {
  findPauseState,
  findSubscriptionOfCustomer,
  markCancelled,
  noticeCard,
} from './subscriptions.repo.ts';

/**
 * Cancel online (issue 19, ROSCA): no renewal; the plan stays active until its end date, the
 * monthly $3 charges continue until then and every one is paid back; after it, nothing is
 * charged. Recorded with who cancelled and when (event log and the subscription row), confirmed
 * by email in the same transaction. A second cancel, or one with nothing active, changes nothing.
 * The email says what happens to money already paid (issue 40), as the terms do: the period paid
 * for runs to its end, and each $3 not yet paid back is, on its date, to its card.
 */
export async function cancelSubscription(
  deps: { db: Db; clock: Clock; publicUrl: string },
  principal: Principal,
  subscriptionId: string,
) {
  const customer = await currentCustomer(deps.db, principal);
  return cancelPlan(deps, {
    customer,
    subscriptionId,
    actor: principal.email ?? customer.email ?? principal.subject,
  });
}

/**
 * The cancellation itself, whoever asks: the customer above, or staff from the client page
 * (issue 40), whose audit row is written in the same transaction and whose name is the one the
 * plan records as having cancelled it. The customer gets the same email either way.
 */
export async function cancelPlan(
  deps: { db: Db; clock: Clock; publicUrl: string },
  r: { customer: { id: string }; subscriptionId: string; actor: string; audit?: AuditContext },
) {
  const { customer, subscriptionId, actor } = r;
  const current = await findSubscriptionOfCustomer(deps.db, customer.id);
  if (!current || current.id !== subscriptionId) throw notFound(messages.subscriptionNotFound);
  if (current.cancelled_at) throw alreadyCancelled();
  const plan = await findPlan(deps.db, current.plan_id);
  if (!plan) throw notFound(messages.subscriptionNotFound);
  const now = deps.clock.now();
  const cancelled = await deps.db.transaction().execute(async (tx) => {
    const row = await markCancelled(tx, current.id, { at: now, by: actor });
    if (!row) return undefined;
    const endsAt = new Date(row.expires_at as Date).toISOString();
    if (r.audit) {
      await recordStaffAction(tx, r.audit, {
        action: 'subscription.cancel',
        targetType: 'subscription',
        targetId: row.id,
        before: { cancelled: false },
        after: { cancelled: true, customerId: customer.id, endsAt },
      });
    }
    const owed = await payBacksOwed(tx, customer.id);
    const payBacks = await Promise.all(
      owed.map(async (o) => ({
        amountCents: o.amountCents,
        at: o.dueAt.toISOString(),
        card: await noticeCard(tx, o.cardId),
        returned: o.returned,
      })),
    );
    await tx
      .insertInto('event_log')
      .values({
        stream: 'subscriptions',
        message: `Subscription cancelled by ${actor}; active until ${endsAt}`,
        actor,
        data: JSON.stringify({ subscriptionId: row.id, customerId: customer.id, endsAt }),
      })
      .execute();
    await sendCustomerNotice(
      tx,
      {
        data: {
          type: 'subscription.cancelled',
          planName: plan.name,
          endsAt,
          payBacks,
          ...(r.audit ? { byPria: true } : {}),
        },
        dedupeKey: `subscription.cancelled:${row.id}:${now.toISOString()}`,
        customerId: customer.id,
        subscriptionId: row.id,
      },
      deps,
    );
    return row;
  });
  if (!cancelled) {
    const again = await findSubscriptionOfCustomer(deps.db, customer.id);
    throw again?.cancelled_at ? alreadyCancelled() : nothingToCancel();
  }
  return {
    subscription: toSubscriptionView(cancelled, plan, {
      pause: await findPauseState(deps.db, cancelled.id),
    }),
  };
}
