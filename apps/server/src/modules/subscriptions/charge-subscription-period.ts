import { randomUUID } from 'node:crypto';
import { cents, formatUsd, totalWithTax } from '@pria/contracts';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Db } from '../../platform/db.ts';
import { subscriptionReference } from '../billing/index.ts';
import { markOnboarded } from '../customers/index.ts';
import { type AttemptRow, executeCharge, insertAttempt } from '../payments/index.ts';
import type { PlanRow } from '../plans/index.ts';
import { periodEnd, periodKeyAt } from './subscription-period.ts';
import { recordSubscriptionStarted, type SubscriptionRow, updateSubscription } from './subscriptions.repo.ts';

export interface PeriodCharge {
  attempt: AttemptRow;
  subscription: SubscriptionRow;
}

/**
 * Charges plan price + tax for the period starting on `periodStart`'s New York date, and
 * applies the outcome to the subscription: captured -> active until the period's end;
 * requires authentication or no answer -> pending verification; declined -> inactive.
 * NOTE: the unique index on (subscription, period) for non-declined attempts means a double
 * click or a second worker can never pay one period twice.
 */
export async function chargeSubscriptionPeriod(
  db: Db,
  gateway: PaymentGateway,
  input: {
    subscription: SubscriptionRow;
    plan: PlanRow;
    card: { id: string; instrument_id: string };
    periodStart: Date;
    initiator: 'customer' | 'merchant';
    returnUrl?: string;
  },
): Promise<PeriodCharge> {
  const { subscription, plan, card } = input;
  const amount = totalWithTax(cents(plan.price_cents), plan.tax_basis_points);
  const id = randomUUID();
  const attempt = await insertAttempt(db, {
    id,
    reference: subscriptionReference(id),
    kind: 'subscription',
    period: periodKeyAt(input.periodStart),
    customer_id: subscription.customer_id,
    card_id: card.id,
    subscription_id: subscription.id,
    plan_id: plan.id,
    amount_cents: amount,
    description: `${plan.name} plan, ${formatUsd(plan.price_cents)} + tax`,
    created_at: input.periodStart,
    due_at: input.periodStart,
  });
  const done = await executeCharge(db, gateway, attempt, {
    instrumentId: card.instrument_id,
    initiator: input.initiator,
    returnUrl: input.returnUrl,
    at: input.periodStart,
  });
  return { attempt: done, subscription: await applyChargeOutcome(db, subscription, done, plan) };
}

/** What a (possibly later-resolved) charge means for the subscription. */
export async function applyChargeOutcome(
  db: Db,
  subscription: SubscriptionRow,
  attempt: AttemptRow,
  plan: PlanRow,
): Promise<SubscriptionRow> {
  if (attempt.status === 'captured') {
    const expiresAt = periodEnd(attempt.period, plan.interval_count);
    // The customer's email with the receipt (renewals get theirs from the money engine), and
    // onboarding is over however the plan was bought.
    if (attempt.initiator === 'customer') {
      await recordSubscriptionStarted(db, attempt);
      await markOnboarded(db, attempt.customer_id);
    }
    return updateSubscription(db, subscription.id, { status: 'active', expires_at: expiresAt });
  }
  if (attempt.status === 'declined') return updateSubscription(db, subscription.id, { status: 'inactive' });
  return updateSubscription(db, subscription.id, { status: 'pending_verification' });
}
