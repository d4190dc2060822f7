import { receiptLabel } from '@pria/contracts';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { recordConsents } from '../../platform/consents.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { findActiveCardOfCustomer } from '../cards/index.ts';
import { payingCustomer } from '../customers/index.ts';
import { findPlan } from '../plans/index.ts';
import { buyPlanPeriod } from './buy-plan-period.ts';
import { alreadySubscribed, declined, noFundingCard, unknownPlan } from './subscription-errors.ts';
import { toSubscriptionView } from './subscription-view.ts';
import {
  ensureSubscription,
  findPauseState,
  findReceiptNumber,
  findSubscriptionOfCustomer,
} from './subscriptions.repo.ts';

export interface SubscribeInput {
  plan: string;
  card?: string | null;
}

/** The client that checked out: its consents are recorded with the subscription. */
export interface CheckoutClient {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Checkout: creates the customer's subscription and charges its first period (plan price +
 * tax) on the chosen card. A decline activates nothing and says why; a card that needs the
 * customer to authenticate returns the processor's session link and the subscription waits
 * in 'pending_verification' until the processor confirms.
 */
export async function subscribe(
  deps: { db: Db; payments: PaymentGateway; clock: Clock; publicUrl: string },
  principal: Principal,
  input: SubscribeInput,
  client: CheckoutClient = { ip: null, userAgent: null },
) {
  const { db } = deps;
  const customer = await payingCustomer(db, principal);
  const plan = await findPlan(db, input.plan);
  if (!plan?.active) throw unknownPlan();
  if (!input.card) throw noFundingCard();
  const card = await findActiveCardOfCustomer(db, customer.id, input.card);
  if (!card) throw notFound('Card not found');

  const existing = await findSubscriptionOfCustomer(db, customer.id);
  if (existing && existing.status !== 'inactive') throw alreadySubscribed();
  const subscription = await ensureSubscription(db, {
    customerId: customer.id,
    planId: plan.id,
    cardId: card.id,
    now: deps.clock.now(),
  });
  // Checkout's "you agree to our terms of service and privacy policy" and the automatic-renewal
  // disclosure beside the button: the versions the customer saw, recorded before the charge.
  await recordConsents(
    db,
    { issuer: principal.issuer, subject: principal.subject, customerId: customer.id, ...client },
    { documents: ['terms', 'privacy', 'recurring'], context: 'checkout', subscriptionId: subscription.id },
  );

  const charged = await buyPlanPeriod(deps, {
    subscription,
    plan,
    card,
    by: principal.email ?? customer.email ?? principal.subject,
  });
  if (charged.attempt.status === 'declined') throw declined(charged.attempt);
  const receipt =
    charged.attempt.status === 'captured' ? await findReceiptNumber(db, charged.attempt.id) : undefined;
  return {
    // Buying a plan ends any pause (buyPlanPeriod), so this reads "not paused"; asked, not assumed.
    subscription: toSubscriptionView(charged.subscription, plan, {
      nextPlan: null,
      pause: await findPauseState(db, charged.subscription.id),
    }),
    paymentSessionUrl:
      charged.attempt.status === 'requires_authentication' ? charged.attempt.session_url : null,
    /** The checkout's confirmation shows it and offers the PDF (GET /receipts/{id}). */
    receipt: receipt === undefined ? null : { id: charged.attempt.id, number: receiptLabel(receipt) },
  };
}
