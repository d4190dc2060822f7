import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import { type Clock, systemClock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { BillingDeps, SubscriptionEffects } from './billing-deps.ts';
import { disputesRoutes } from './disputes/disputes.routes.ts';
import { paybacksRoutes } from './payback/paybacks.routes.ts';
import { reconciliationRoutes } from './reconciliation/reconciliation.routes.ts';
import { refundsRoutes } from './refunds/refunds.routes.ts';
import { runsRoutes } from './runs/runs.routes.ts';

export { enqueueDrains, startBillingWorkers } from './billing.worker.ts';
export type { BillingDeps, SubscriptionEffects } from './billing-deps.ts';
export {
  currentPeriod,
  isPeriod,
  latestDuePayin,
  latestDuePayout,
  NEW_YORK,
  newYorkDay,
  nextPayinDueAt,
  nextPayinPeriod,
  payinDueAt,
  payoutDueAt,
} from './billing-schedule.ts';
export { simulateDispute } from './disputes/simulate-dispute.ts';
export { type DisputeResult, recordDisputeEvent } from './disputes.ts';
export {
  type OperationalAlerts,
  operationalAlerts,
  registerOperationalGauges,
} from './operational-alerts.ts';
export { moneyOwedToCard, moneyOwedToCustomer } from './owed.ts';
export { PAYOUT_DELAYED_AFTER_TRIES } from './payout-backoff.ts';
export { countPayoutsNeedingAttention } from './payouts.repo.ts';
export {
  type Reconciliation,
  type ReconciliationLine,
  reconcilePeriod,
  reconcileRecent,
  reconciliationLinesBatch,
} from './reconcile.ts';
export { drainRun, startRun } from './run-engine.ts';
export { type ForceRunRequest, forceBillingRun } from './runs/force-run.ts';
export { forceRun, openDueRuns, type RunSummary, runDueWork } from './tick.ts';

export function createBillingDeps(d: {
  config: Config;
  db: Db;
  logger: Logger;
  payments: PaymentGateway;
  subscriptions: SubscriptionEffects;
  clock?: Clock;
}): BillingDeps {
  return {
    db: d.db,
    payments: d.payments,
    subscriptions: d.subscriptions,
    clock: d.clock ?? systemClock,
    logger: d.logger,
    concurrency: d.config.billing.concurrency,
    batchSize: d.config.billing.batchSize,
    staleAfterMs: d.config.billing.staleAfterMs,
    lookupLagMs: d.config.billing.lookupLagMs,
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
