import { type AuditContext, recordStaffAction } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db.ts';
import type { RunKind } from '../../../platform/db-schema.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { logBillingEvent } from '../billing-log.ts';
import { completeRun, getRun, openRun, type RunRow, setRunTotal } from './runs.repo.ts';

/**
 * Who opens a run. The scheduled worker opens what is due as `schedule`. A person opens runs as
 * themselves: staff through the API, an operator at the CLI (`cli:<os user>`, its `billing:tick`
 * and `billing:run`); each of their openings is audited in the transaction that opens the run,
 * so neither the run nor its audit row is ever written without the other.
 */
export type RunOpener = 'schedule' | AuditContext;

/**
 * A run to open: its kind and period, the instant it is run for (`asOf`: the clock's now, or a
 * CLI's `--at` with the simulator), who opens it, and whether they force it (only a person does).
 */
export interface RunStart {
  kind: RunKind;
  period: string;
  asOf: Date;
  by: RunOpener;
  forced: boolean;
}

const runLabels: Record<RunKind, string> = {
  payin: 'Pay-in',
  payout: 'Pay-back',
  subscriptions: 'Subscription pay-in',
};

/**
 * The run row for (kind, period), opened or reopened (runs.repo.ts `openRun`) as `r.by`; for a
 * person, with their audit row and a line in the staff's log, in one transaction.
 */
export async function openRunAs(db: Db, r: RunStart): Promise<RunRow> {
  if (r.by === 'schedule') {
    if (r.forced) throw new Error('The schedule opens what is due; only a person forces a run');
    return openRun(db, { ...r, startedBy: 'schedule' });
  }
  const person = r.by;
  return db.transaction().execute(async (tx) => {
    const run = await openRun(tx, { ...r, startedBy: person.actor });
    const asOf = r.asOf.toISOString();
    await tx
      .insertInto('event_log')
      .values({
        stream: 'admin',
        message: `${runLabels[r.kind]} ${r.period} ${r.forced ? 'forced' : 'opened'} by ${person.actor}`,
        actor: person.actor,
        data: JSON.stringify({ runId: run.id, period: r.period, asOf }),
      })
      .execute();
    await recordStaffAction(tx, person, {
      // A forced run, or a run that was due, opened by a person (an operator's billing:tick).
      action: r.forced ? 'billing.force_run' : 'billing.open_due_run',
      targetType: 'billing_run',
      targetId: run.id,
      after: { kind: r.kind, period: r.period, asOf },
    });
    return run;
  });
}

/**
 * Opens (or reopens) the run for (kind, period) as of `asOf` (openRunAs), then writes the work
 * it owns as rows: pay-in chunks, renewal attempts or payout chunks. Safe to call any number of
 * times, from any number of processes: unique keys make the second call add only what is new.
 */
export async function startRun(deps: BillingDeps, r: RunStart): Promise<RunRow> {
  const run = await openRunAs(deps.db, r);
  const total = await deps.runKinds[r.kind].open(deps, run, r);
  await setRunTotal(deps.db, run.id, total);
  const startedBy = r.by === 'schedule' ? 'schedule' : r.by.actor;
  await logBillingEvent(deps.db, `${r.kind} run ${r.period} started (${total} items)`, startedBy, {
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
  const strategy = deps.runKinds[run.kind];
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

/** What a run's caller is told: its progress. */
export interface RunSummary {
  id: string;
  kind: RunKind;
  period: string;
  status: string;
  total: number;
  done: number;
  failed: number;
  missed: number;
}

export const summarizeRun = (r: RunRow): RunSummary => ({
  id: r.id,
  kind: r.kind,
  period: r.period,
  status: r.status,
  total: r.total,
  done: r.done,
  failed: r.failed,
  missed: r.missed,
});
