import { verificationReturnPath } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import { type Clock, systemClock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { BillingDeps, SubscriptionEffects } from './billing-deps.ts';
import { disputesRoutes } from './disputes/disputes.routes.ts';
import { paybacksRoutes } from './payback/paybacks.routes.ts';
import { payoutRun } from './payback/payout-run.ts';
import { payinRun } from './payin/payin-run.ts';
import { reconciliationRoutes } from './reconciliation/reconciliation.routes.ts';
import { refundsRoutes } from './refunds/refunds.routes.ts';
import { renewalRun } from './renewals/renewal-run.ts';
import { runsRoutes } from './schedule/runs.routes.ts';

export type {
  BillingDeps,
  CheckoutOutcome,
  RenewalDue,
  RenewalOutcome,
  SubscriptionEffects,
} from './billing-deps.ts';
export {
  currentPeriod,
  isPeriod,
  nextPayinDueAt,
  nextPayinPeriod,
  payinDueAt,
  payoutDueAt,
} from './billing-schedule.ts';
export { recordDisputeEvent } from './disputes/record-dispute-event.ts';
export { simulateDispute, simulateDisputeDecision } from './disputes/simulate-dispute.ts';
export { bankReturnSql } from './owed-rule.ts';
export {
  AS_IT_STANDS,
  chargedAt,
  pausedAt,
  pauseState,
  renewalDue,
  renewsAt,
} from './pause-rule.ts';
export { moneyOwedToCard, moneyOwedToCustomer, payBacksOwed } from './payback/owed.ts';
export { PAYOUT_DELAYED_AFTER_TRIES } from './payback/payout-backoff.ts';
export { countPayoutsNeedingAttention } from './payback/payouts.repo.ts';
export { settlePlanCharges } from './plan-charges/settle-plan-charges.ts';
export { planPeriodEnd } from './plan-period.ts';
export {
  operationalAlerts,
  registerOperationalGauges,
} from './reconciliation/operational-alerts.ts';
export {
  reconcilePeriod,
  reconcileRecent,
  reconciliationLinesBatch,
} from './reconciliation/reconcile.ts';
export { namedMoneyRow, subscriptionReference } from './references.ts';
export { refundableCents } from './refunds/refundable.ts';
export { refundsAgainst } from './refunds/refunds.repo.ts';
export { drainRun, startRun } from './runs/run-engine.ts';
export { enqueueDrains, startBillingWorkers } from './schedule/billing.worker.ts';
export { forceBillingRun } from './schedule/force-run.ts';
export { movedClockRefusal } from './schedule/moved-clock.ts';
export { runDueWork } from './schedule/tick.ts';

export function createBillingDeps(d: {
  config: Config;
  db: Db;
  logger: Logger;
  payments: PaymentGateway;
  subscriptions: SubscriptionEffects;
  clock?: Clock;
  afterPayouts?: (at: Date) => Promise<unknown>;
}): BillingDeps {
  return {
    db: d.db,
    payments: d.payments,
    subscriptions: d.subscriptions,
    // One strategy per kind of run: what it opens, how it drains, what is still open (the engine's port).
    runKinds: { payin: payinRun, subscriptions: renewalRun, payout: payoutRun },
    clock: d.clock ?? systemClock,
    logger: d.logger,
    concurrency: d.config.billing.concurrency,
    batchSize: d.config.billing.batchSize,
    staleAfterMs: d.config.billing.staleAfterMs,
    lookupLagMs: d.config.billing.lookupLagMs,
    firstPeriod: d.config.billing.firstPeriod,
    checkoutReturnUrl: `${d.config.publicUrl}${verificationReturnPath}`,
    ...(d.afterPayouts ? { afterPayouts: d.afterPayouts } : {}),
  };
}

/** The staff endpoints of the money engine, one file per concern, each calling its use cases. */
export async function registerBillingRoutes(
  app: FastifyInstance,
  deps: BillingDeps,
  onRunOpened: (runId: string) => void,
): Promise<void> {
  await runsRoutes(app, { ...deps, onRunOpened });
  await paybacksRoutes(app, deps);
  await refundsRoutes(app, deps);
  await disputesRoutes(app, deps);
  await reconciliationRoutes(app, deps);
}
