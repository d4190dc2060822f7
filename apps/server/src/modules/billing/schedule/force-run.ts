import {
  adminMessages,
  formatDateTime,
  formatMonth,
  isRunPeriod,
  messages,
  periodOutOfRange,
} from '@pria/contracts';
import type { AuditContext } from '../../../platform/audit.ts';
import type { RunKind } from '../../../platform/db-schema.ts';
import { AppError, invalid } from '../../../platform/errors.ts';
import type { BillingDeps } from '../billing-deps.ts';
import {
  currentPeriod,
  latestDuePayin,
  newYorkDay,
  payinDueAt,
  payinWindowClosesAt,
} from '../billing-schedule.ts';
import { closeLapsedWindows, closeWindow } from '../payin/payin-window.ts';
import { drainRun, type RunOpener, type RunSummary, startRun, summarizeRun } from '../runs/run-engine.ts';
import { findRun, latestPayinPeriod } from '../runs/runs.repo.ts';

/**
 * Staff (API) and operators (CLI `billing:run`) force a run now: the one way to force a run, so
 * every forced run obeys the engine's rules and is audited (issues 28 and 38).
 * - A period is a month from the service's first (PRIA_FIRST_BILLING_PERIOD) to the current one
 *   (New York): anything else is a 400 naming that range, the API's query and the CLI in the
 *   same words.
 * - A pay-in only for a period whose due instant (the 28th, 16:00 New York) has passed: the
 *   current one from then, or any earlier one. Eligibility is the scheduled run's: as at the
 *   due instant.
 * - A pay-back only for a period whose pay-in ran.
 * The database refuses the same (migration 0033), so no other path gets around them. The run row
 * and its audit row (who forced it, as of when) commit in one transaction (run-engine.ts).
 * The forced run is this one file: its rules, the pay-in windows it closes first (through
 * payin/payin-window.ts, as the tick does), and opening and draining it as its person.
 */
export interface ForceRunRequest {
  kind: RunKind;
  /** 'YYYY-MM' (pay-ins, pay-backs); default: the latest period it may run for. */
  period?: string;
  audit: AuditContext;
}

const monthName = (period: string) => formatMonth(period);

/** The period a forced run is for, or why it may not run (its preview asks the same). */
export async function periodToForce(
  deps: BillingDeps,
  kind: RunKind,
  asked: string | undefined,
  now: Date,
): Promise<string> {
  if (kind === 'subscriptions') return newYorkDay(now);
  const range = { first: deps.firstPeriod, current: currentPeriod(now) };
  if (asked !== undefined && !isRunPeriod(asked, range)) throw invalid(periodOutOfRange(range));
  if (kind === 'payin') {
    const period = asked ?? latestDuePayin(now);
    if (now < payinDueAt(period)) {
      throw new AppError(
        'CONFLICT',
        adminMessages.payinNotDue(monthName(period), formatDateTime(payinDueAt(period))),
      );
    }
    return period;
  }
  const period = asked ?? (await latestPayinPeriod(deps.db));
  if (!period || !(await findRun(deps.db, 'payin', period))) {
    throw new AppError('CONFLICT', adminMessages.payoutBeforePayin(period ? monthName(period) : null));
  }
  return period;
}

/**
 * Before a forced pay-in of `period` whose window has closed: every lapsed window is closed
 * first, in order (the search for unrun months goes on from the newest closed one), then this
 * period's if the tick has not closed it yet, its cards owed as at the due instant recorded
 * `missed`, so the forced run sends exactly those: the period's cards are the scheduled run's,
 * whenever it is forced. No "missed" notice for the period forced: its cards are sent now.
 */
async function closeWindowsBeforeForcing(
  deps: BillingDeps,
  period: string,
  at: Date,
  by: RunOpener,
): Promise<void> {
  if (at < payinWindowClosesAt(period)) return;
  await closeLapsedWindows(deps, at, by, period);
  await closeWindow(deps, { kind: 'payin', period, asOf: at, by, forced: false }, false);
}

export const forcedRunMessages: Record<RunKind, string> = {
  payin: messages.payinForced,
  payout: messages.payoutForced,
  subscriptions: messages.subscriptionsForced,
};

/**
 * Forces the run: checks the rules, then opens the period's run as of now as the person who
 * forced it (a pay-in whose window has closed after the lapsed windows are closed, so it sends
 * exactly the cards the scheduled run owed). `wait`: drain it here (the CLI, tests); otherwise
 * `onRunOpened` hands it to the workers (the API answers 202 at once).
 */
export async function forceBillingRun(
  deps: BillingDeps,
  r: ForceRunRequest,
  opts: { wait: boolean; onRunOpened?: (runId: string) => void },
): Promise<RunSummary> {
  const now = deps.clock.now();
  const period = await periodToForce(deps, r.kind, r.period, now);
  if (r.kind === 'payin') await closeWindowsBeforeForcing(deps, period, now, r.audit);
  const run = await startRun(deps, { kind: r.kind, period, asOf: now, by: r.audit, forced: true });
  opts.onRunOpened?.(run.id);
  if (!opts.wait) return summarizeRun(run);
  const after = await drainRun(deps, run.id);
  return summarizeRun(after ?? run);
}
