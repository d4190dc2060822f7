import type { RunKind } from '../../../platform/db-schema.ts';
import type { BillingDeps } from '../billing-deps.ts';
import {
  latestDuePayin,
  latestDuePayout,
  newYorkDay,
  payinDueAt,
  payinWindowClosesAt,
  payoutDueAt,
} from '../billing-schedule.ts';
import { syncDisputes } from '../disputes/sync-disputes.ts';
import { payoutsDue } from '../payback/payouts.repo.ts';
import { closeLapsedWindows } from '../payin/payin-window.ts';
import { settlePlanCharges } from '../plan-charges/settle-plan-charges.ts';
import { settleRefunds } from '../refunds/settle-refunds.ts';
import { countPeriodsEnded } from '../renewals/renewals.repo.ts';
import { drainRun, type RunOpener, type RunSummary, startRun, summarizeRun } from '../runs/run-engine.ts';
import { findRun, listOpenRuns, type RunRow } from '../runs/runs.repo.ts';

/** Renewals whose period ended by `at`: today's (New York) renewals run. */
async function openDueRenewals(deps: BillingDeps, at: Date, by: RunOpener): Promise<void> {
  if ((await countPeriodsEnded(deps.db, at)) > 0) {
    await startRun(deps, { kind: 'subscriptions', period: newYorkDay(at), asOf: at, by, forced: false });
  }
}

/**
 * Pay-ins: the latest due period runs while its window is open (until its pay-back instant);
 * every earlier period whose window closed without its cards being sent is closed now, its
 * cards recorded `missed` (ADR 7). A server down across the 2nd therefore never charges a month
 * late, and never charges and pays back in one tick.
 */
async function openDuePayins(deps: BillingDeps, at: Date, by: RunOpener): Promise<void> {
  await closeLapsedWindows(deps, at, by);
  const period = latestDuePayin(at);
  if (at >= payinWindowClosesAt(period)) return;
  const run = await findRun(deps.db, 'payin', period);
  if (!run || (run.status === 'completed' && run.as_of < payinDueAt(period))) {
    await startRun(deps, { kind: 'payin', period, asOf: at, by, forced: false });
  }
}

/** Pay-backs: the latest due payout period, and again whenever a pay-back falls due for a try. */
async function openDuePayouts(deps: BillingDeps, at: Date, by: RunOpener): Promise<void> {
  const period = latestDuePayout(at);
  const run = await findRun(deps.db, 'payout', period);
  const caughtUp = run && run.as_of >= payoutDueAt(period);
  if (!run || (run.status === 'completed' && (!caughtUp || (await payoutsDue(deps.db, at))))) {
    await startRun(deps, { kind: 'payout', period, asOf: at, by, forced: false });
  }
}

/**
 * The money in doubt that belongs to no run, on every tick (the worker's and runDueWork): disputes
 * the processor reported, refunds whose answer was lost (issue 16), and plan charges a checkout
 * left in doubt or any plan charge waiting for the customer's bank (ADR 47). A customer who never
 * comes back still gets their charge settled.
 */
async function settleMoneyInDoubt(deps: BillingDeps): Promise<void> {
  await syncDisputes(deps).catch((err: unknown) =>
    deps.logger.warn({ err }, 'could not read disputes; next tick'),
  );
  await settleRefunds(deps).catch((err: unknown) =>
    deps.logger.warn({ err }, 'could not settle refunds; next tick'),
  );
  await settlePlanCharges(deps).catch((err: unknown) =>
    deps.logger.warn({ err }, 'could not settle plan charges; next tick'),
  );
}

/**
 * "What is due as of `at`?" — renewals whose period ended, pay-in windows to run or close, the
 * latest payout and pay-backs due for a retry — opens the runs for them (as the schedule: the
 * workers call this) and returns every open run (those left open by a crash too), so they get
 * drained.
 */
export async function openDueRuns(deps: BillingDeps, at: Date): Promise<RunRow[]> {
  await openDueRenewals(deps, at, 'schedule');
  await openDuePayins(deps, at, 'schedule');
  await settleMoneyInDoubt(deps);
  await openDuePayouts(deps, at, 'schedule');
  return listOpenRuns(deps.db);
}

/**
 * Does everything due as of `at` in this process, in due order, and waits for it: renewals
 * (settled, lookups included) before the pay-in chooses its cards, pay-ins before pay-backs.
 * The CLI's billing:tick (`by`: the operator, audited) and the scenario tests (the schedule);
 * workers do the same through jobs (billing.worker.ts), where a pay-in run waits for renewals
 * still in doubt.
 */
export async function runDueWork(
  deps: BillingDeps,
  at: Date,
  by: RunOpener = 'schedule',
): Promise<RunSummary[]> {
  const phases: [RunKind, (d: BillingDeps, at: Date, by: RunOpener) => Promise<void>][] = [
    ['subscriptions', openDueRenewals],
    ['payin', openDuePayins],
    // Disputes reported since the last tick first: a disputed capture is never paid back.
    [
      'payout',
      async (d, a, b) => {
        await settleMoneyInDoubt(d);
        await openDuePayouts(d, a, b);
      },
    ],
  ];
  const results = new Map<string, RunSummary>();
  for (const [kind, open] of phases) {
    await open(deps, at, by);
    for (const run of (await listOpenRuns(deps.db)).filter((r) => r.kind === kind)) {
      const after = await drainRun(deps, run.id);
      if (after) results.set(after.id, summarizeRun(after));
    }
  }
  await deps.afterTick?.(at);
  return [...results.values()];
}
