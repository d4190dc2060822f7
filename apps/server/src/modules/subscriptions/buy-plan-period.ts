import { verificationReturnPath } from '@pria/contracts';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { PlanRow } from '../plans/index.ts';
import {
  chargeSubscriptionPeriod,
  insertPlanCharge,
  type PeriodCharge,
} from './charge-subscription-period.ts';
import { alreadySubscribed, chargeInProgress, isUniqueViolation } from './subscription-errors.ts';
import { type SubscriptionRow, startOver } from './subscriptions.repo.ts';

/**
 * The customer buys a period of a plan that is not active (checkout, or "Pay now" on an inactive
 * plan): every path that takes the customer's money for a plan goes through here. What ended the
 * old period (a cancellation, a refund's end, a pause, a plan change not reached) is cleared, the
 * subscription waits for the charge (Pending Verification) and the charge is written, in one
 * transaction, so the plan bought renews automatically as the checkout's terms say (issue 29);
 * then the period is charged. A second request for the same period finds the first one's
 * charge (409), and changes nothing.
 */
export async function buyPlanPeriod(
  deps: { db: Db; payments: PaymentGateway; clock: Clock; publicUrl: string },
  r: {
    subscription: SubscriptionRow;
    plan: PlanRow;
    card: { id: string; instrument_id: string };
    by: string;
  },
): Promise<PeriodCharge> {
  const now = deps.clock.now();
  const attempt = await deps.db
    .transaction()
    .execute(async (tx) => {
      const fresh = await startOver(tx, r.subscription.id, {
        planId: r.plan.id,
        cardId: r.card.id,
        at: now,
        by: r.by,
      });
      if (!fresh) return undefined;
      return insertPlanCharge(tx, { subscription: fresh, plan: r.plan, card: r.card, periodStart: now });
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? chargeInProgress() : err;
    });
  if (!attempt) throw alreadySubscribed();
  return chargeSubscriptionPeriod(deps.db, deps.payments, {
    attempt,
    card: r.card,
    returnUrl: `${deps.publicUrl}${verificationReturnPath}`,
  });
}
