import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AppMetrics } from '../../platform/metrics.ts';

/**
 * What a plan charge's money means for the subscription it paid (owned by the subscriptions
 * module, wired at the composition root): billing reports, subscriptions decide.
 */
export interface SubscriptionEffects {
  /** The plan the charge paid for, if it paid the subscription's current period at `at`. */
  planPaidBy(db: Db, attemptId: string, at: Date): Promise<{ planName: string; endsAt: Date } | undefined>;
  /** A refund of that charge went through: the plan ends at `at`. Returns when, or null (nothing changed). */
  endPlanPaidBy(tx: Db, attemptId: string, at: Date, by: string): Promise<Date | null>;
}

export interface BillingDeps {
  db: Db;
  payments: PaymentGateway;
  clock: Clock;
  logger: Logger;
  /** Processor calls in flight at once in this process (the processor's rate limit). */
  concurrency: number;
  /** Attempts claimed per database round trip. */
  batchSize: number;
  /** A `submitted` attempt older than this was abandoned by a dead worker and is settled by lookup. */
  staleAfterMs: number;
  /**
   * A lookup that finds nothing proves "never received" only once the call is older than this
   * (the processor's search indexing lag); before that the attempt stays open and is asked again.
   */
  lookupLagMs: number;
  /** What charges and refunds do to subscriptions (a port: billing never writes their rows). */
  subscriptions: SubscriptionEffects;
  /** Outcome counters for /metrics (absent in the CLI and benches). */
  metrics?: Pick<AppMetrics, 'billingAttempts'>;
  /**
   * What else the tick does at `at` once the money is done: the lifecycle notices (renewal
   * reminders, expiring cards). A port wired at the composition root, so billing knows nothing
   * of notifications.
   */
  afterTick?: (at: Date) => Promise<unknown>;
}
