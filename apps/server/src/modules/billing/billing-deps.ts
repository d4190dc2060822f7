import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AppMetrics } from '../../platform/metrics.ts';

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
  /** Outcome counters for /metrics (absent in the CLI and benches). */
  metrics?: Pick<AppMetrics, 'billingAttempts'>;
  /**
   * What else the tick does at `at` once the money is done: the lifecycle notices (renewal
   * reminders, expiring cards). A port wired at the composition root, so billing knows nothing
   * of notifications.
   */
  afterTick?: (at: Date) => Promise<unknown>;
}
