import type { Selectable } from 'kysely';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { BillingRunsTable, RunKind } from '../../platform/db-schema.ts';
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
  /** The plans that renew at `asOf`: what to charge, on which card, for which period. */
  renewalsDue(db: Db, asOf: Date): Promise<RenewalDue[]>;
  /** Plans whose period ended at `asOf` and that do not renew (paused, cancelled, no card) end. */
  expireUnrenewable(db: Db, asOf: Date): Promise<number>;
  /** Renewal charges settled: what that does to their subscriptions, in the same transaction. */
  recordRenewalOutcomes(tx: Db, outcomes: readonly RenewalOutcome[]): Promise<void>;
  /**
   * Checkout charges settled (a final answer, or missed): what that does to their subscriptions,
   * in the transaction that records them. The checkout's own answer goes through the same rule.
   */
  recordCheckoutOutcomes(tx: Db, outcomes: readonly CheckoutOutcome[]): Promise<void>;
}

/** A checkout charge's final outcome, as billing recorded it (ADR 47). */
export interface CheckoutOutcome {
  attemptId: string;
  subscriptionId: string;
  customerId: string;
  cardId: string;
  planId: string;
  period: string;
  amountCents: number;
  /** `missed`: the processor never took it (or never finished it) within its window; nothing moved. */
  status: 'captured' | 'declined' | 'missed';
  /** When it was settled, by the engine's clock. */
  settledAt: Date;
}

/** A renewal to charge (computed by the subscriptions module: price with tax, period key). */
export interface RenewalDue {
  subscriptionId: string;
  customerId: string;
  cardId: string;
  instrumentId: string;
  planId: string;
  /** The new period's key: the New York day the paid period ends (renewals touch). */
  period: string;
  /** The plan's price with its tax, in cents. */
  amountCents: number;
  description: string;
  /** When the renewal was due: the end of the paid period. */
  dueAt: Date;
}

/** A renewal charge's outcome, as billing recorded it. */
export interface RenewalOutcome {
  subscriptionId: string;
  planId: string;
  period: string;
  status: 'captured' | 'declined' | 'unknown' | 'requires_authentication';
}

/** A `billing_runs` row, as the engine and each kind's strategy read it. */
type RunRow = Selectable<BillingRunsTable>;

/**
 * What a run of one kind does (issue 28: one strategy per kind, instead of branches in the
 * engine). The engine opens the run row, asks the strategy for its work and drains it; the
 * strategy knows its money: pay-ins (payin/payin-run.ts), renewals (renewals/renewal-run.ts),
 * pay-backs (payback/payout-run.ts). A port: the engine (runs/) imports no kind; the module's
 * composition (`createBillingDeps`) wires them in `BillingDeps.runKinds` (ADR 58).
 */
export interface RunStrategy {
  /** Writes the work the run owns (chunks or rows) as of `asOf`; returns how many items it holds. */
  open(deps: BillingDeps, run: RunRow, r: { asOf: Date; forced: boolean }): Promise<number>;
  /**
   * Settle-then-send passes until nothing more can be done now. Returns how many things outside
   * the run it still waits for (a pay-in: renewals due before its instant, not settled yet).
   */
  drain(deps: BillingDeps, run: RunRow): Promise<number>;
  /** Its own items still open (in doubt or to send): with what it waits for, 0 completes it. */
  countOpen(deps: BillingDeps, run: RunRow): Promise<number>;
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
  /** The first month the engine ran for (PRIA_FIRST_BILLING_PERIOD): no run is forced before it. */
  firstPeriod: string;
  /** What charges and refunds do to subscriptions (a port: billing never writes their rows). */
  subscriptions: SubscriptionEffects;
  /** What a run of each kind does (a port of the engine's, wired by `createBillingDeps`). */
  runKinds: Record<RunKind, RunStrategy>;
  /**
   * Where a bank's verification page sends the customer back to, for a checkout charge the settle
   * step sends again (the customer's page after checkout: `${PUBLIC_URL}${verificationReturnPath}`).
   */
  checkoutReturnUrl: string;
  /** Outcome counters for /metrics (absent in the CLI and benches). */
  metrics?: Pick<AppMetrics, 'billingAttempts'>;
  /**
   * What else the tick does at `at` once the money is done: the lifecycle notices (renewal
   * reminders, expiring cards). A port wired at the composition root, so billing knows nothing
   * of notifications.
   */
  afterTick?: (at: Date) => Promise<unknown>;
  /**
   * What follows a pay-back pass at `at`: the cards module lets the processor forget removed cards
   * now fully paid back (a port: billing never writes `cards`).
   */
  afterPayouts?: (at: Date) => Promise<unknown>;
}
