import { messages } from '@pria/contracts';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { findActiveCardOfCustomer } from '../cards/index.ts';
import { currentCustomer } from '../customers/index.ts';
import { findPlan } from '../plans/index.ts';
import { chargeSubscriptionPeriod } from './charge-subscription-period.ts';
import { recordPauseChange } from './pause-subscription.ts';
import { chargeInProgress, declined, isUniqueViolation, unknownPlan } from './subscription-errors.ts';
import { toSubscriptionView } from './subscription-view.ts';
import { findSubscriptionOfCustomer, updateSubscription } from './subscriptions.repo.ts';

export interface SubscriptionUpdate {
  plan?: string;
  card?: string | null;
  isEnabled?: boolean;
}

/**
 * Plan change, funding-card change, pause and resume (pause-subscription.ts says what pausing
 * does, and records it). A new plan applies from the next
 * renewal. An enabled subscription that is inactive (its renewal failed) is charged again
 * right away on its (possibly new) funding card, so fixing the card reactivates it.
 */
export async function changeSubscription(
  deps: { db: Db; payments: PaymentGateway; clock: Clock; publicUrl: string },
  principal: Principal,
  subscriptionId: string,
  input: SubscriptionUpdate,
) {
  const { db } = deps;
  const customer = await currentCustomer(db, principal);
  const current = await findSubscriptionOfCustomer(db, customer.id);
  if (!current || current.id !== subscriptionId) throw notFound(messages.subscriptionNotFound);

  const plan = await findPlan(db, input.plan ?? current.plan_id);
  if (!plan?.active) throw unknownPlan();
  let cardId = current.card_id;
  if (input.card && input.card !== current.card_id) {
    const card = await findActiveCardOfCustomer(db, customer.id, input.card);
    if (!card) throw notFound('Card not found');
    cardId = card.id;
  }
  const paused = input.isEnabled === undefined ? undefined : !input.isEnabled;
  let subscription = await db.transaction().execute(async (tx) => {
    const row = await updateSubscription(tx, current.id, {
      plan_id: plan.id,
      card_id: cardId,
      is_enabled: input.isEnabled ?? current.is_enabled,
    });
    if (paused !== undefined && paused === current.is_enabled) {
      await recordPauseChange(tx, {
        subscription: row,
        plan,
        paused,
        at: deps.clock.now(),
        by: principal.email ?? customer.email ?? principal.subject,
        publicUrl: deps.publicUrl,
      });
    }
    return row;
  });

  let paymentSessionUrl: string | null = null;
  if (subscription.status === 'inactive' && subscription.is_enabled && cardId) {
    const card = await findActiveCardOfCustomer(db, customer.id, cardId);
    if (card) {
      try {
        const charged = await chargeSubscriptionPeriod(db, deps.payments, {
          subscription,
          plan,
          card,
          periodStart: deps.clock.now(),
          initiator: 'customer',
          returnUrl: `${deps.publicUrl}/dashboard/account/subscription`,
        });
        if (charged.attempt.status === 'declined') throw declined(charged.attempt);
        subscription = charged.subscription;
        if (charged.attempt.status === 'requires_authentication')
          paymentSessionUrl = charged.attempt.session_url;
      } catch (err) {
        if (isUniqueViolation(err)) throw chargeInProgress();
        throw err;
      }
    }
  }
  return { subscription: toSubscriptionView(subscription, plan), paymentSessionUrl };
}
