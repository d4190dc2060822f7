import type { BillingDeps } from '../billing-deps.ts';
import { latestDuePayout, missedReason, payinDueAt, payinWindowClosesAt } from '../billing-schedule.ts';
import { openRunAs, type RunOpener, type RunStart } from '../runs/run-engine.ts';
import { findRun, payinRunsToClose, type RunRow, unclosedPayinPeriods } from '../runs/runs.repo.ts';
import { insertMissedPayins } from './charges.repo.ts';

/*
 * A period's pay-in window: its cards are sent from its due instant (the 28th) until its
 * pay-back instant (the 2nd); once it has closed, a card never sent is `missed`, never charged
 * late (ADR 7), unless staff force the period after it. Asked by the pay-in run and its settle
 * step (mayCharge), closed by the tick and, first, by a forced pay-in (schedule/).
 */

/** May this run still send a charge? Pay-ins only until their window closes, unless forced after. */
export function mayCharge(run: RunRow, now: Date): boolean {
  if (run.kind !== 'payin') return true;
  const closes = payinWindowClosesAt(run.period);
  return now < closes || (run.forced_at !== null && new Date(run.forced_at) >= closes);
}

/** How far back a server that was down looks for pay-in windows that closed unrun. */
const MAX_MISSED_PERIODS = 24;

/**
 * Closes the windows that ended by `at`, oldest first: pay-in runs whose window was not closed
 * yet, and every period since the first run (at most MAX_MISSED_PERIODS back) that never had a
 * run or whose run was never closed.
 * `quiet`: a period a forced run is about to send, whose cards get no "missed" notice.
 */
export async function closeLapsedWindows(
  deps: BillingDeps,
  at: Date,
  by: RunOpener,
  quiet?: string,
): Promise<void> {
  const lastClosed = latestDuePayout(at); // the newest period whose pay-back instant has passed
  const periods = new Set((await payinRunsToClose(deps.db, lastClosed)).map((r) => r.period));
  for (const p of await unclosedPayinPeriods(deps.db, lastClosed, MAX_MISSED_PERIODS)) periods.add(p);
  for (const period of [...periods].sort())
    await closeWindow(deps, { kind: 'payin', period, asOf: at, by, forced: false }, period !== quiet);
}

/** Closes one period's window: its cards owed and never sent are recorded `missed`. */
export async function closeWindow(deps: BillingDeps, open: RunStart, tellCustomers: boolean): Promise<void> {
  const { period, asOf: at } = open;
  const dueAt = payinDueAt(period);
  const existing = await findRun(deps.db, 'payin', period);
  if (existing?.window_closed_at) return;
  // Staff forced it after the window closed: that run is theirs to finish.
  if (existing?.forced_at && existing.forced_at >= payinWindowClosesAt(period)) return;
  const run = existing ?? (await openRunAs(deps.db, open));
  await insertMissedPayins(deps.db, {
    runId: run.id,
    period,
    dueAt,
    // The scheduled pass ran: only the cards it had not reached are missed.
    onlyUntaken: new Date(run.as_of) >= dueAt && existing !== undefined,
    reason: missedReason(period),
    at,
    tellCustomers,
  });
  // A new or crashed run is completed by the drain the tick starts (its in-doubt attempts settled).
}
