import { randomUUID } from 'node:crypto';
import { cents, formatUsd, totalWithTax } from '@pria/contracts';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Db } from '../../platform/db.ts';
import { subscriptionReference } from '../billing/index.ts';
import { type AttemptRow, executeCharge, insertAttempt } from '../payments/index.ts';
import type { PlanRow } from '../plans/index.ts';
import { applyCheckoutOutcome } from './apply-checkout-outcome.ts';
import { periodKeyAt } from './subscription-period.ts';
import { findSubscription, type SubscriptionRow } from './subscriptions.repo.ts';

export interface PeriodCharge {
  attempt: AttemptRow;
  subscription: SubscriptionRow;
}

/**
 * Writes the `created` charge of plan price + tax for the period starting on `periodStart`'s
 * New York date, in the caller's transaction (the one that sets the subscription waiting for it).
 * NOTE: the unique index on (subscription, period) for attempts that did not fail means a double
 * click or a second worker can never pay one period twice.
 */
export function insertPlanCharge(
  tx: Db,
  r: {
    subscription: SubscriptionRow;
    plan: PlanRow;
    card: { id: string; instrument_id: string };
    periodStart: Date;
  },
): Promise<AttemptRow> {
  const { subscription, plan, card } = r;
  const id = randomUUID();
  return insertAttempt(tx, {
    id,
    reference: subscriptionReference(id),
    kind: 'subscription',
    period: periodKeyAt(r.periodStart),
    customer_id: subscription.customer_id,
    card_id: card.id,
    // The instrument it is sent on: the settle step sends it again on the same one (ADR 47).
    instrument_id: card.instrument_id,
    subscription_id: subscription.id,
    plan_id: plan.id,
    amount_cents: totalWithTax(cents(plan.price_cents), plan.tax_basis_points),
    description: `${plan.name} plan, ${formatUsd(plan.price_cents)} + tax`,
    created_at: r.periodStart,
    due_at: r.periodStart,
  });
}

/**
 * Sends the checkout's charge (the customer is present) and applies a final answer to the
 * subscription in the transaction that records it (`applyCheckoutOutcome`). Any other answer
 * (the bank asks the customer to confirm, or no answer in time) leaves the subscription waiting
 * (Pending Verification) for the money engine's settle step, on the worker's schedule (ADR 47).
 */
export async function chargeSubscriptionPeriod(
  db: Db,
  gateway: PaymentGateway,
  input: { attempt: AttemptRow; card: { instrument_id: string }; returnUrl: string },
): Promise<PeriodCharge> {
  const { attempt } = input;
  const done = await executeCharge(db, gateway, attempt, {
    instrumentId: input.card.instrument_id,
    initiator: 'customer',
    returnUrl: input.returnUrl,
    at: attempt.due_at,
    settled: (tx, row) => applyCheckoutOutcome(tx, checkoutOutcomeOf(row)),
  });
  const subscription = await findSubscription(db, attempt.subscription_id ?? '');
  if (!subscription) throw new Error(`subscription of charge ${attempt.id} is gone`);
  return { attempt: done, subscription };
}

function checkoutOutcomeOf(row: AttemptRow) {
  if (row.status !== 'captured' && row.status !== 'declined')
    throw new Error(`charge ${row.id} is not settled (${row.status})`);
  return {
    attemptId: row.id,
    subscriptionId: row.subscription_id ?? '',
    customerId: row.customer_id,
    cardId: row.card_id,
    planId: row.plan_id ?? '',
    period: row.period,
    amountCents: Number(row.amount_cents),
    status: row.status,
    settledAt: row.settled_at ?? row.due_at,
  };
}
