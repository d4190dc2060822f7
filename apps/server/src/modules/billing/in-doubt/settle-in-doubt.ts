import type { RawBuilder } from 'kysely';
import { outcomeOf } from '../../../gateways/payments/outcome.ts';
import type { LookupResult } from '../../../gateways/payments/port.ts';
import type { AttemptStatus, PayoutStatus } from '../../../platform/db-schema.ts';
import { mapLimit } from '../../../platform/limit.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { missedReason, payinWindowClosesAt } from '../billing-schedule.ts';
import { writeStalePayoutChunks } from '../payback/payout-chunks.repo.ts';
import {
  type ClaimedPayout,
  claimPayoutResends,
  type PayoutOutcomeRow,
  recordPayoutOutcomes,
} from '../payback/payouts.repo.ts';
import {
  type AttemptOutcome,
  type ClaimedAttempt,
  claimResends,
  markAttemptsMissed,
  recordOutcomes,
} from '../payin/charges.repo.ts';
import { writeStaleChunks } from '../payin/payin-chunks.repo.ts';
import { addRunProgress, findUnsettled, type RunRow } from '../runs/runs.repo.ts';
import { leaseInDoubt, releaseLeases } from './in-doubt-leases.ts';

/**
 * In doubt: a charge, pay-back or refund left `submitted` by a dead worker (older than the
 * staleness window) or `unknown` after a timeout (`in-doubt.sql.ts`). ONE settle step for all
 * of them (issue 28) — pay-ins, renewals, checkout plan charges (and plan charges waiting for
 * the customer's bank, ADR 47), pay-backs, refunds: each is looked up by our reference:
 * - found: its outcome is recorded (captured, declined, paid, failed, returned, refunded);
 * - not found, and last sent longer ago than the lookup lag (which exceeds the HTTP timeout, so
 *   no request of ours can still be in flight or unindexed): the processor never received it.
 *   It is sent again under the same reference: the first try, not a retry (ADR 7). A pay-in whose
 *   window has closed is recorded `missed` instead, unless staff forced the period after it; so
 *   is a checkout's charge past its hour (ADR 47).
 * - not found, but sent too recently to tell: asked again on a later pass.
 * Nothing is ever given up, and nothing is ever sent under a new reference because of doubt.
 */
export interface Settled<T> {
  /** Rows whose outcome is now known (progress of this pass). */
  answered: number;
  /** Never received: claimed to be sent again, same reference. */
  resend: T[];
}

/** What the settle step needs to know of one kind of money row. */
export interface InDoubtKind<Outcome, Claimed> {
  /** The processor's word for it (a lookup answering another kind is an error of ours). */
  kind: LookupResult['kind'];
  /** Its rows in doubt, with whether "not found" would be conclusive, and when they were read. */
  find(): Promise<readonly { id: string; reference: string; conclusive: boolean; looked_at: Date }[]>;
  /**
   * Of these rows, the ones still in doubt that no other drain is looking up, leased to this one
   * (another drain may have settled some, or be looking them up now: ADR 43).
   */
  lease(ids: string[]): Promise<string[]>;
  /** Ends the leases of a slice once it is settled. */
  release(ids: string[]): Promise<void>;
  /** A final answer as the row's outcome; null when the answer is not final yet. */
  outcome(id: string, found: LookupResult): Outcome | null;
  /** Records the outcomes found; returns how many rows they settled. */
  record(outcomes: Outcome[]): Promise<number>;
  /** The rows the processor never received: claimed to be sent again, or (a closed pay-in) missed. */
  neverReceived(ids: string[], lookedAt: Date): Promise<Settled<Claimed>>;
}

export async function settleInDoubt<Outcome, Claimed>(
  deps: BillingDeps,
  k: InDoubtKind<Outcome, Claimed>,
): Promise<Settled<Claimed>> {
  const rows = await k.find();
  if (rows.length === 0) return { answered: 0, resend: [] };
  const lookedAt = rows[0]?.looked_at ?? deps.clock.now();
  // NOTE: every drain of a run (any process) reads the same rows in doubt. Each takes them in its
  // own random order, slice by slice, and leases each slice before looking it up: a row another
  // drain settled meanwhile, or is looking up now, is left out. So the processor is asked about a
  // row once, and the slices can be large (ADR 43; ADR 36 had small slices to keep the overlap
  // of unleased ones low). A lease only decides who asks: the writes stay guarded as before.
  const order = shuffled(rows);
  const slice = Math.max(1, deps.concurrency) * SLICE_PER_CALL;
  const settled: Settled<Claimed> = { answered: 0, resend: [] };
  for (let i = 0; i < order.length; i += slice) {
    const mine = new Set(await k.lease(order.slice(i, i + slice).map((r) => r.id)));
    if (mine.size === 0) continue;
    // In id order within a slice, as the rows were read: their outcomes are written in that order.
    const part = order
      .slice(i, i + slice)
      .filter((r) => mine.has(r.id))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    try {
      const done = await settleSlice(deps, k, part, lookedAt);
      settled.answered += done.answered;
      settled.resend.push(...done.resend);
    } finally {
      await k.release([...mine]);
    }
  }
  return settled;
}

/** A slice of rows in doubt: this many per processor call a drain keeps in flight. */
const SLICE_PER_CALL = 8;

/** Leases on one table's rows in doubt (ADR 43), for the settle step; `unsettled` as leaseInDoubt's. */
export const leasesOn = (
  deps: BillingDeps,
  table: 'payment_attempts' | 'payouts' | 'refunds',
  unsettled?: RawBuilder<boolean>,
) => ({
  lease: (ids: string[]) => leaseInDoubt(deps.db, table, ids, deps.staleAfterMs, unsettled),
  release: (ids: string[]) => releaseLeases(deps.db, ids),
});

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Looks up one slice of rows in doubt, records the answers, and claims what was never received. */
async function settleSlice<Outcome, Claimed>(
  deps: BillingDeps,
  k: InDoubtKind<Outcome, Claimed>,
  rows: readonly { id: string; reference: string; conclusive: boolean }[],
  lookedAt: Date,
): Promise<Settled<Claimed>> {
  if (rows.length === 0) return { answered: 0, resend: [] };
  const never: string[] = [];
  const outcomes = await mapLimit(rows, deps.concurrency, async (row): Promise<Outcome | null> => {
    try {
      const found = await deps.payments.lookup(row.reference);
      if (!found) {
        if (row.conclusive) never.push(row.id);
        return null;
      }
      if (found.kind !== k.kind) {
        deps.logger.error(
          { id: row.id, kind: k.kind },
          `our ${k.kind} reference names a ${found.kind} at the processor`,
        );
        return null;
      }
      return k.outcome(row.id, found);
    } catch (err) {
      deps.logger.warn({ err, id: row.id }, `could not look up a ${k.kind}; will try again`);
      return null;
    }
  });
  const answered = await k.record(outcomes.filter((o): o is Outcome => o !== null));
  const rest = await k.neverReceived(never, lookedAt);
  return { answered: answered + rest.answered, resend: rest.resend };
}

/** May this run still send a charge? Pay-ins only until their window closes, unless forced after. */
export function mayCharge(run: RunRow, now: Date): boolean {
  if (run.kind !== 'payin') return true;
  const closes = payinWindowClosesAt(run.period);
  return now < closes || (run.forced_at !== null && new Date(run.forced_at) >= closes);
}

const inDoubtOf = (deps: BillingDeps, runId: string) => ({
  runId,
  staleAfterMs: deps.staleAfterMs,
  lookupLagMs: deps.lookupLagMs,
});

const conclusive = (deps: BillingDeps, lookedAt: Date) => ({
  lookedAt,
  lagMs: deps.lookupLagMs,
  staleAfterMs: deps.staleAfterMs,
  at: deps.clock.now(),
});

/** A run's charges (pay-ins or renewals) in doubt. */
export async function settleAttempts(deps: BillingDeps, run: RunRow): Promise<Settled<ClaimedAttempt>> {
  const { db } = deps;
  // A chunk whose drain died (or stalls) before writing its attempts: they become `submitted`
  // rows dated when the chunk was taken, in doubt like any other (ADR 17).
  if (run.kind === 'payin') await writeStaleChunks(db, run.id, deps.staleAfterMs);
  return settleInDoubt<AttemptOutcome, ClaimedAttempt>(deps, {
    kind: 'charge',
    find: () => findUnsettled<AttemptStatus>(db, 'payment_attempts', inDoubtOf(deps, run.id)),
    ...leasesOn(deps, 'payment_attempts'),
    // Only a final answer settles it (a charge waiting for the bank stays in doubt).
    outcome: (id, found) =>
      found.status === 'captured' || found.status === 'declined' ? { id, ...outcomeOf(found) } : null,
    async record(outcomes) {
      const { done, declined } = await recordOutcomes(
        db,
        deps.subscriptions,
        ['submitted', 'unknown'],
        outcomes,
        deps.clock.now(),
      );
      await addRunProgress(db, run.id, done, declined);
      return done;
    },
    async neverReceived(ids, lookedAt) {
      const now = deps.clock.now();
      if (mayCharge(run, now))
        return { answered: 0, resend: await claimResends(db, ids, conclusive(deps, lookedAt)) };
      const missed = await markAttemptsMissed(db, ids, {
        reason: missedReason(run.period),
        ...conclusive(deps, lookedAt),
      });
      await addRunProgress(db, run.id, missed, 0);
      return { answered: missed, resend: [] };
    },
  });
}

/** A run's pay-backs in doubt. */
export async function settlePayouts(deps: BillingDeps, run: RunRow): Promise<Settled<ClaimedPayout>> {
  const { db } = deps;
  // A payout chunk whose drain died (or stalls) before writing its tries (ADR 17).
  await writeStalePayoutChunks(db, run.id, deps.staleAfterMs);
  return settleInDoubt<PayoutOutcomeRow, ClaimedPayout>(deps, {
    kind: 'payout',
    find: () => findUnsettled<PayoutStatus>(db, 'payouts', inDoubtOf(deps, run.id)),
    ...leasesOn(deps, 'payouts'),
    outcome(id, found) {
      if (found.kind !== 'payout') return null;
      const o = outcomeOf(found);
      return { id, status: o.status, reason: o.reason, gatewayTransactionId: o.gatewayTransactionId };
    },
    async record(outcomes) {
      const { answered, done, failed } = await recordPayoutOutcomes(
        db,
        run.id,
        ['submitted', 'unknown'],
        outcomes,
        deps.clock.now(),
      );
      await addRunProgress(db, run.id, done, failed);
      return answered;
    },
    neverReceived: async (ids, lookedAt) => ({
      answered: 0,
      resend: await claimPayoutResends(db, ids, conclusive(deps, lookedAt)),
    }),
  });
}
