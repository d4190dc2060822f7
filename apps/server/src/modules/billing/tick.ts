import { sql } from 'kysely';
import type { RunKind } from '../../platform/db-schema.ts';
import type { BillingDeps } from './billing-deps.ts';
import { latestDuePayin, latestDuePayout, newYorkDay, payinDueAt, payoutDueAt } from './billing-schedule.ts';
import { drainRun, startRun } from './run-engine.ts';
import { findRun, listOpenRuns, type RunRow } from './runs.repo.ts';

export interface RunSummary {
  id: string;
  kind: RunKind;
  period: string;
  status: string;
  total: number;
  done: number;
  failed: number;
}

const summarize = (r: RunRow): RunSummary => ({
  id: r.id,
  kind: r.kind,
  period: r.period,
  status: r.status,
  total: r.total,
  done: r.done,
  failed: r.failed,
});

/**
 * "What is due as of `at`?" — renewals whose period ended, the latest pay-in whose 28th 16:00
 * has passed, the latest payout whose 2nd 16:00 has passed — and opens the runs for them.
 * A server that was down catches up on its first tick: the latest due period of each kind is
 * run then (older missed pay-ins are not charged late; owed payouts are never skipped because
 * every payout run pays all captures of its period and earlier). Runs left open by a crash are
 * returned too, so they get drained.
 */
export async function openDueRuns(deps: BillingDeps, at: Date): Promise<RunRow[]> {
  const { db } = deps;
  const due = await sql<{ n: number }>`
    select count(*)::int as n from subscriptions where status = 'active' and expires_at <= ${at}`.execute(db);
  if ((due.rows[0]?.n ?? 0) > 0) {
    await startRun(deps, {
      kind: 'subscriptions',
      period: newYorkDay(at),
      asOf: at,
      startedBy: 'schedule',
      forced: false,
    });
  }

  const payin = latestDuePayin(at);
  const payinRun = await findRun(db, 'payin', payin);
  if (!payinRun || (payinRun.status === 'completed' && payinRun.as_of < payinDueAt(payin))) {
    await startRun(deps, { kind: 'payin', period: payin, asOf: at, startedBy: 'schedule', forced: false });
  }

  const payout = latestDuePayout(at);
  const payoutRun = await findRun(db, 'payout', payout);
  if (!payoutRun || (payoutRun.status === 'completed' && payoutRun.as_of < payoutDueAt(payout))) {
    await startRun(deps, { kind: 'payout', period: payout, asOf: at, startedBy: 'schedule', forced: false });
  }
  return listOpenRuns(db);
}

/**
 * Does everything due as of `at` in this process and waits for it: the CLI's billing:tick and
 * the scenario tests. Workers do the same through jobs (billing.worker.ts).
 */
export async function runDueWork(deps: BillingDeps, at: Date): Promise<RunSummary[]> {
  const open = await openDueRuns(deps, at);
  const order: Record<RunKind, number> = { subscriptions: 0, payin: 1, payout: 2 };
  const results: RunSummary[] = [];
  for (const run of [...open].sort((a, b) => order[a.kind] - order[b.kind])) {
    const after = await drainRun(deps, run.id);
    if (after) results.push(summarize(after));
  }
  return results;
}

/** A forced run (admin button, CLI billing:run): opens the period's run now and drains it. */
export async function forceRun(
  deps: BillingDeps,
  r: { kind: RunKind; period: string; actor: string },
  opts: { wait: boolean },
): Promise<RunSummary> {
  const run = await startRun(deps, {
    kind: r.kind,
    period: r.period,
    asOf: deps.clock.now(),
    startedBy: r.actor,
    forced: true,
  });
  if (!opts.wait) return summarize(run);
  const after = await drainRun(deps, run.id);
  return summarize(after ?? run);
}

export { summarize as summarizeRun };
