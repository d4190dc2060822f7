import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import { type Clock, systemClock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { billingRoutes } from './billing.routes.ts';
import type { BillingDeps } from './billing-deps.ts';

export { enqueueDrains, startBillingWorkers } from './billing.worker.ts';
export type { BillingDeps } from './billing-deps.ts';
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
export { forceRun, openDueRuns, type RunSummary, runDueWork } from './tick.ts';

export function createBillingDeps(d: {
  config: Config;
  db: Db;
  logger: Logger;
  payments: PaymentGateway;
  clock?: Clock;
}): BillingDeps {
  return {
    db: d.db,
    payments: d.payments,
    clock: d.clock ?? systemClock,
    logger: d.logger,
    concurrency: d.config.billing.concurrency,
    batchSize: d.config.billing.batchSize,
    staleAfterMs: d.config.billing.staleAfterMs,
    lookupLagMs: d.config.billing.lookupLagMs,
  };
}

export async function registerBillingRoutes(
  app: FastifyInstance,
  deps: BillingDeps,
  onRunOpened: (runId: string) => void,
): Promise<void> {
  const sim = deps.payments as unknown as { openDispute?: (reference: string) => Promise<string | null> };
  const simulateDispute = typeof sim.openDispute === 'function' ? sim.openDispute.bind(sim) : null;
  await billingRoutes(app, { ...deps, onRunOpened, simulateDispute });
}
