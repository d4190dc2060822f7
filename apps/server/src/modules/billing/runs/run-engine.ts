import type { RunKind } from '../../../platform/db-schema.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { logBillingEvent } from '../billing-log.ts';
import { payoutRun } from '../payback/payout-run.ts';
import { payinRun } from '../payin/payin-run.ts';
import { renewalRun } from '../renewals/renewal-run.ts';
import type { RunStrategy } from './run-strategy.ts';
import { completeRun, getRun, openRun, type RunRow, setRunTotal } from './runs.repo.ts';

/** One strategy per kind of run: what it opens, how it drains, what is still open. */
const strategies: Record<RunKind, RunStrategy> = {
  payin: payinRun,
  subscriptions: renewalRun,
  payout: payoutRun,
};

/**
 * Opens (or reopens) the run for (kind, period) as of `asOf` and writes the work it owns as
 * rows: pay-in chunks, renewal attempts or payout chunks. Safe to call any number of times, from
 * any number of processes: unique keys make the second call add only what is new.
 */
export async function startRun(
  deps: BillingDeps,
  r: { kind: RunKind; period: string; asOf: Date; startedBy: string; forced: boolean },
): Promise<RunRow> {
  const run = await openRun(deps.db, r);
  const total = await strategies[r.kind].open(deps, run, r);
  await setRunTotal(deps.db, run.id, total);
  await logBillingEvent(deps.db, `${r.kind} run ${r.period} started (${total} items)`, r.startedBy, {
    runId: run.id,
    forced: r.forced,
    asOf: r.asOf.toISOString(),
  });
  return { ...run, total };
}

/**
 * Works a run until nothing more can be done now: settles what is in doubt, then claims
 * batches and sends them to the processor with bounded concurrency, pass after pass. Several
 * processes may drain one run at once. Completes the run when nothing of it is open: no attempt
 * or payout in doubt or to send, and (pay-in) no renewal it waits for.
 */
export async function drainRun(deps: BillingDeps, runId: string): Promise<RunRow | undefined> {
  const run = await getRun(deps.db, runId);
  if (!run) return undefined;
  const strategy = strategies[run.kind];
  const waiting = await strategy.drain(deps, run);
  const open = (await strategy.countOpen(deps, run)) + waiting;
  if (open === 0) {
    const done = await completeRun(deps.db, run.id);
    if (done) {
      const missed = done.missed ? `, ${done.missed} missed` : '';
      await logBillingEvent(
        deps.db,
        `${run.kind} run ${run.period} completed: ${done.done} done, ${done.failed} failed${missed}`,
        'system',
        { runId: run.id },
      );
    }
  }
  return getRun(deps.db, run.id);
}
