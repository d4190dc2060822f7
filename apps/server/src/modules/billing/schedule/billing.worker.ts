import type { PgBoss } from 'pg-boss';
import type { BillingDeps } from '../billing-deps.ts';
import { drainRun } from '../runs/run-engine.ts';
import { openDueRuns } from './tick.ts';

const TICK = 'billing-tick';
const DRAIN = 'billing-drain';

/**
 * How long a tick may stay active before pg-boss gives it up. The tick queue runs one job at a
 * time (singleton), so a tick cut off by a crash (the worker or PostgreSQL killed) would hold
 * the queue for pg-boss's default of 15 minutes and delay every pay-in, pay-back and settle.
 * A tick only opens runs (the drains do the work), and two ticks at once are safe (a period's
 * run is opened once), so two minutes is ample.
 */
export const TICK_EXPIRES_IN_SECONDS = 120;

/**
 * The money engine's workers: a tick every minute decides what is due as of now and opens the
 * runs; drain jobs (a few per run, on any worker process) work them off with SKIP LOCKED.
 */
export async function startBillingWorkers(boss: PgBoss, deps: BillingDeps, drainJobs: number): Promise<void> {
  await boss.createQueue(TICK, { policy: 'singleton', expireInSeconds: TICK_EXPIRES_IN_SECONDS });
  // A queue made before the bound existed gets it too (createQueue leaves an existing queue as it is).
  await boss.updateQueue(TICK, { expireInSeconds: TICK_EXPIRES_IN_SECONDS });
  await boss.createQueue(DRAIN);
  await boss.schedule(TICK, '* * * * *');

  await boss.work(TICK, async () => {
    const at = deps.clock.now();
    const open = await openDueRuns(deps, at);
    for (const run of open) await enqueueDrains(boss, run.id, drainJobs);
    await deps.afterTick?.(at);
  });

  await boss.work<{ runId: string }>(DRAIN, { localConcurrency: 2 }, async ([job]) => {
    if (job) await drainRun(deps, job.data.runId);
  });
}

/** Asks the workers to drain a run (several jobs so several processes share it). */
export async function enqueueDrains(boss: PgBoss, runId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await boss.send(DRAIN, { runId }, { singletonKey: `${runId}:${i}`, retryLimit: 3, retryDelay: 30 });
  }
}
