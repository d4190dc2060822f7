import type { RawBuilder } from 'kysely';
import type { LookupResult } from '../../../gateways/payments/port.ts';
import { mapLimit } from '../../../platform/limit.ts';
import type { BillingDeps } from '../billing-deps.ts';
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

/**
 * What the settle step needs to know of one kind of money row. Each kind's adapter sits beside
 * its path: a run's charges (`payin/settle-charges.ts`), pay-backs (`payback/settle-payouts.ts`),
 * plan charges no run owns (`plan-charges/settle-plan-charges.ts`), refunds
 * (`refunds/settle-refunds.ts`).
 */
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

/** Which rows of a run are in doubt (runs.repo.ts `findUnsettled`), by the engine's settings. */
export const inDoubtOf = (deps: BillingDeps, runId: string) => ({
  runId,
  staleAfterMs: deps.staleAfterMs,
  lookupLagMs: deps.lookupLagMs,
});

/** What makes a lookup that found nothing conclusive, for `neverReceived`'s claims. */
export const conclusive = (deps: BillingDeps, lookedAt: Date) => ({
  lookedAt,
  lagMs: deps.lookupLagMs,
  staleAfterMs: deps.staleAfterMs,
  at: deps.clock.now(),
});
