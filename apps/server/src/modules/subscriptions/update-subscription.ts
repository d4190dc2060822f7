import { messages } from '@pria/contracts';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { findActiveCardOfCustomer } from '../cards/index.ts';
import { currentCustomer } from '../customers/index.ts';
import { sendSecurityNotice } from '../notifications/index.ts';
import { findPlan } from '../plans/index.ts';
import { buyPlanPeriod } from './buy-plan-period.ts';
import { switchPause } from './pause-subscription.ts';
import { schedulePlanChange } from './schedule-plan-change.ts';
import { declined, unknownPlan } from './subscription-errors.ts';
import { toSubscriptionView } from './subscription-view.ts';
import {
  findPauseState,
  findSubscriptionOfCustomer,
  noticeCard,
  updateSubscription,
} from './subscriptions.repo.ts';

export interface SubscriptionUpdate {
  plan?: string;
  card?: string | null;
  isEnabled?: boolean;
}

/**
 * Plan change, funding-card change, pause and resume (pause-subscription.ts says what pausing
 * does, and records it). On a plan that is paid for (active, or waiting for the bank), a new plan
 * starts at the next renewal and nothing is charged today (schedule-plan-change.ts, ADR 40). An
 * enabled subscription that is inactive (ended, or its renewal failed) is bought again right away
 * on its (possibly new) plan and funding card (buy-plan-period.ts), so fixing the card reactivates
 * it; the web app says the amount before it sends this. Enabled means not paused as the switch
 * stands (the pause rows, after this request's own change).
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

  const inForce = await findPlan(db, current.plan_id);
  const scheduled = current.next_plan_id ? ((await findPlan(db, current.next_plan_id)) ?? null) : null;
  const chosen = input.plan ? await findPlan(db, input.plan) : (scheduled ?? inForce);
  if (!inForce || !chosen?.active) throw unknownPlan();
  let cardId = current.card_id;
  if (input.card && input.card !== current.card_id) {
    const card = await findActiveCardOfCustomer(db, customer.id, input.card);
    if (!card) throw notFound('Card not found');
    cardId = card.id;
  }
  const ended = current.status === 'inactive';
  const by = principal.email ?? customer.email ?? principal.subject;
  const at = deps.clock.now();
  let paused = false;
  let subscription = await db.transaction().execute(async (tx) => {
    let row = await updateSubscription(tx, current.id, {
      // An ended plan is bought again on the plan chosen; a paid one keeps its plan until it renews.
      ...(ended ? { plan_id: chosen.id } : {}),
      card_id: cardId,
    });
    // A new funding card is checked again with the row locked: a removal of that card holds the
    // same lock (cards' removeCard asks planFundedBy), so one of the two sees the other.
    if (cardId !== current.card_id && cardId && !(await findActiveCardOfCustomer(tx, customer.id, cardId)))
      throw notFound('Card not found');
    // Which card the plan charges is a security matter (ADR 68): the owner hears of it, always.
    if (cardId !== current.card_id && cardId) {
      const card = await noticeCard(tx, cardId);
      if (card)
        await sendSecurityNotice(
          tx,
          {
            userId: principal.subject,
            email: principal.email ?? customer.email ?? '',
            event: 'funding_card_changed',
            eventId: `${current.id}:${at.toISOString()}`,
            card,
            previousCard: await noticeCard(tx, current.card_id),
            planName: (ended ? chosen : inForce).name,
            at,
            issuer: principal.issuer,
          },
          { publicUrl: deps.publicUrl },
        );
    }
    // The switch as it stands is the pause rows', read once the row above is locked; isEnabled
    // moves it only when it says otherwise (switchPause).
    if (input.isEnabled === undefined) paused = (await findPauseState(tx, current.id)).since !== null;
    else {
      paused = !input.isEnabled;
      await switchPause(tx, { subscription: row, plan: inForce, paused, at, by, publicUrl: deps.publicUrl });
    }
    if (!ended && input.plan) {
      row = await schedulePlanChange(tx, {
        subscription: row,
        current: inForce,
        chosen,
        scheduled,
        paused,
        at,
        by,
        publicUrl: deps.publicUrl,
      });
    }
    return row;
  });

  let paymentSessionUrl: string | null = null;
  if (subscription.status === 'inactive' && !paused && cardId) {
    const card = await findActiveCardOfCustomer(db, customer.id, cardId);
    if (card) {
      const charged = await buyPlanPeriod(deps, { subscription, plan: chosen, card, by });
      if (charged.attempt.status === 'declined') throw declined(charged.attempt);
      subscription = charged.subscription;
      if (charged.attempt.status === 'requires_authentication')
        paymentSessionUrl = charged.attempt.session_url;
    }
  }
  const plan = ended ? chosen : inForce;
  const nextPlan = subscription.next_plan_id === chosen.id ? chosen : null;
  return {
    subscription: toSubscriptionView(subscription, plan, {
      nextPlan,
      pause: await findPauseState(db, subscription.id),
    }),
    paymentSessionUrl,
  };
}
