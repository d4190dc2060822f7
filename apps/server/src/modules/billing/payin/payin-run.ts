import type { BillingDeps, RunStrategy } from '../billing-deps.ts';
import { payinDueAt, payinWindowClosesAt } from '../billing-schedule.ts';
import { type RunRow, setRunTotal, setRunWaiting } from '../runs/runs.repo.ts';
import { chunkPayins, countOpenAttempts, countRunWork, reviveMissed } from './charges.repo.ts';
import { drainCharges } from './drain-charges.ts';
import { countWaitingRenewals } from './eligibility.ts';
import { claimPayinChunk, type PayinClaim } from './payin-chunks.repo.ts';
import { mayCharge } from './payin-window.ts';

/**
 * The monthly $3 of a period. Eligibility is judged as at the period's due instant, whoever
 * opens the run (a run is never opened before it: migration 0033). While the window is open the
 * cards owed and not sent yet are cut into chunks. Once it has closed, the period's cards are
 * fixed (each has an attempt, `missed` for those never sent): a forced run sends the missed ones
 * after all, nothing else.
 */
export const payinRun: RunStrategy = {
  async open(deps, run, r) {
    const { db } = deps;
    const dueAt = payinDueAt(run.period);
    if (r.forced) await reviveMissed(db, { runId: run.id, period: run.period, dueAt });
    if (r.asOf < payinWindowClosesAt(run.period)) {
      await chunkPayins(db, { runId: run.id, period: run.period, dueAt, asOf: r.asOf, size: deps.batchSize });
    }
    await setRunWaiting(db, run.id, await countWaitingRenewals(db, dueAt));
    return countRunWork(db, run.id);
  },

  async drain(deps, run) {
    const waiting = await recutWaiting(deps, run);
    await drainCharges(deps, run, () => nextChunk(deps, run));
    return waiting;
  },

  countOpen: (deps, run) => countOpenAttempts(deps.db, run.id),
};

/**
 * A pay-in run's next chunk of cards (its rows written with their outcomes). A pay-in whose
 * window has closed takes no more chunks: their cards are `missed`.
 */
async function nextChunk(deps: BillingDeps, run: RunRow): Promise<PayinClaim[] | null> {
  if (!mayCharge(run, deps.clock.now())) return null;
  for (;;) {
    const claimed = await claimPayinChunk(deps.db, run.id, run.period);
    if (claimed === null) return null;
    // A chunk whose cards all stopped being owed since it was cut: take the next one.
    if (claimed.length > 0) return claimed;
  }
}

/**
 * A pay-in run waiting for renewals due before its instant: once some have settled, their cards
 * are cut into chunks (captured: owed the pay-in; declined: not). Returns how many it still
 * waits for.
 */
async function recutWaiting(deps: BillingDeps, run: RunRow): Promise<number> {
  if (run.waiting === 0 || !mayCharge(run, deps.clock.now())) return 0;
  const dueAt = payinDueAt(run.period);
  const waiting = await countWaitingRenewals(deps.db, dueAt);
  if (waiting < run.waiting) {
    const added = await chunkPayins(deps.db, {
      runId: run.id,
      period: run.period,
      dueAt,
      asOf: run.as_of,
      size: deps.batchSize,
    });
    if (added > 0) await setRunTotal(deps.db, run.id, await countRunWork(deps.db, run.id));
  }
  await setRunWaiting(deps.db, run.id, waiting);
  return waiting;
}
