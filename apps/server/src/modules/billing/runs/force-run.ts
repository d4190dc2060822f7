import { adminMessages, messages } from '@pria/contracts';
import { DateTime } from 'luxon';
import { type AuditContext, recordStaffAction } from '../../../platform/audit.ts';
import type { RunKind } from '../../../platform/db-schema.ts';
import { AppError, invalid } from '../../../platform/errors.ts';
import { newYorkDateTime } from '../../../platform/new-york-time.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { isPeriod, latestDuePayin, NEW_YORK, newYorkDay, payinDueAt } from '../schedule/billing-schedule.ts';
import { forceRun, type RunSummary, summarizeRun } from '../schedule/tick.ts';
import { drainRun } from './run-engine.ts';
import { findRun, latestPayinPeriod } from './runs.repo.ts';

/**
 * Staff (API) and operators (CLI) force a run now, with the engine's rules (issue 28):
 * - a pay-in only for a period whose due instant (the 28th, 16:00 New York) has passed: the
 *   current one from then, or any earlier one. Never a future month: the money would be owed
 *   back only after that month. Eligibility is the scheduled run's: as at the due instant.
 * - a pay-back only for a period whose pay-in ran.
 * The database refuses the same (migration 0033), so no other path gets around them. The run
 * and its audit row are recorded with who forced it.
 */
export interface ForceRunRequest {
  kind: RunKind;
  /** 'YYYY-MM' (pay-ins, pay-backs); default: the latest period it may run for. */
  period?: string;
  audit: AuditContext;
}

const monthName = (period: string) =>
  DateTime.fromFormat(period, 'yyyy-MM', { zone: NEW_YORK }).toFormat('LLLL yyyy');

/** The period a forced run is for, or why it may not run. */
async function periodToForce(deps: BillingDeps, kind: RunKind, asked: string | undefined): Promise<string> {
  const now = deps.clock.now();
  if (kind === 'subscriptions') return newYorkDay(now);
  if (asked !== undefined && !isPeriod(asked)) throw invalid(adminMessages.periodFormat);
  if (kind === 'payin') {
    const period = asked ?? latestDuePayin(now);
    if (now < payinDueAt(period)) {
      throw new AppError(
        'CONFLICT',
        adminMessages.payinNotDue(monthName(period), newYorkDateTime(payinDueAt(period))),
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

const labels: Record<RunKind, string> = {
  payin: 'Pay-in',
  payout: 'Pay-back',
  subscriptions: 'Subscription pay-in',
};

export const forcedRunMessages: Record<RunKind, string> = {
  payin: messages.payinForced,
  payout: messages.payoutForced,
  subscriptions: messages.subscriptionsForced,
};

export async function forceBillingRun(
  deps: BillingDeps,
  r: ForceRunRequest,
  opts: { wait: boolean; onRunOpened?: (runId: string) => void },
): Promise<RunSummary> {
  const period = await periodToForce(deps, r.kind, r.period);
  const run = await forceRun(deps, { kind: r.kind, period, actor: r.audit.actor }, { wait: false });
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('event_log')
      .values({
        stream: 'admin',
        message: `${labels[r.kind]} ${period} forced by ${r.audit.actor}`,
        actor: r.audit.actor,
        data: JSON.stringify({ runId: run.id, period }),
      })
      .execute();
    await recordStaffAction(tx, r.audit, {
      action: 'billing.force_run',
      targetType: 'billing_run',
      targetId: run.id,
      after: { kind: r.kind, period, total: run.total },
    });
  });
  opts.onRunOpened?.(run.id);
  if (!opts.wait) return run;
  const after = await drainRun(deps, run.id);
  return after ? summarizeRun(after) : run;
}
