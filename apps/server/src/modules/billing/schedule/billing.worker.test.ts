import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { type Jobs, startJobs } from '../../../platform/jobs.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedSubscribers } from '../../../test/seed-billing.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { payinDueAt } from '../billing-schedule.ts';
import { findRun } from '../runs/runs.repo.ts';
import { enqueueDrains, startBillingWorkers, TICK_EXPIRES_IN_SECONDS } from './billing.worker.ts';

// The money engine's workers on the job queue (pg-boss, in the same PostgreSQL): a tick every
// minute opens what is due as of the engine's clock, and drain jobs work the runs off. The app
// runs as a web process (it only enqueues); this test starts the billing workers itself, on the
// app's database, with two subscribers owed June 2031's $3 and the clock a minute after its due
// instant.
const clock = fixedClock(new Date(payinDueAt('2031-06').getTime() + 60_000));
let t: TestApp;
let jobs: Jobs;
const ticked: Date[] = [];

async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const drainJobsOf = async (runId: string) =>
  (
    await sql<{ singleton_key: string; retry_limit: number }>`
      select singleton_key, retry_limit from pgboss.job
      where name = 'billing-drain' and data->>'runId' = ${runId} order by singleton_key`.execute(t.db)
  ).rows;

beforeAll(async () => {
  t = await startTestApp({ PRIA_JOBS: 'true', PRIA_ROLE: 'web' }, { clock });
  await seedSubscribers(t.db, t.payments, {
    customers: 2,
    cardsEach: 1,
    since: new Date('2031-01-01T00:00:00Z'),
  });
  jobs = await startJobs(t.databaseUrl, t.billing.logger);
  const deps: BillingDeps = { ...t.billing, afterTick: async (at) => ticked.push(at) };
  await startBillingWorkers(jobs.boss, deps, 2);
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await t?.stop();
});

describe('the billing workers', () => {
  it('schedule the tick every minute', async () => {
    const schedules = await jobs.boss.getSchedules('billing-tick');
    expect(schedules.map((s) => s.cron)).toEqual(['* * * * *']);
  });

  it('give up a tick cut off by a crash within two minutes, not pg-boss’s fifteen (the tick queue runs one at a time)', async () => {
    const queue = await jobs.boss.getQueue('billing-tick');
    expect(queue?.policy).toBe('singleton');
    expect(queue?.expireInSeconds).toBe(TICK_EXPIRES_IN_SECONDS);
    expect(TICK_EXPIRES_IN_SECONDS).toBeLessThanOrEqual(120);
  });

  it('on a tick, open what is due as of the engine’s clock, and the drain jobs charge it and complete the run', async () => {
    await jobs.boss.send('billing-tick');
    const run = await eventually(
      () => findRun(t.db, 'payin', '2031-06'),
      (r) => r?.status === 'completed',
      'the June pay-in to complete',
    );
    expect(run).toMatchObject({ total: 2, done: 2, as_of: clock.now() });
    const captured = await sql<{ n: number }>`
      select count(*)::int as n from payment_attempts where period = '2031-06' and status = 'captured'`.execute(
      t.db,
    );
    expect(captured.rows[0]?.n).toBe(2);
  });

  it('enqueue two drain jobs per run opened on a tick', async () => {
    const run = await findRun(t.db, 'payin', '2031-06');
    // (A standard queue does not merge jobs by key: a minute's scheduled tick firing while the run
    // was open would have asked again, under the same two keys.)
    const keys = new Set((await drainJobsOf(run?.id as string)).map((j) => j.singleton_key));
    expect(keys).toEqual(new Set([`${run?.id}:0`, `${run?.id}:1`]));
  });

  it('tell the rest of the app the tick happened, at the engine’s instant', () => {
    expect(ticked).toContainEqual(clock.now());
  });

  it('enqueue as many drains as asked, each retried up to three times', async () => {
    const runId = crypto.randomUUID();
    await enqueueDrains(jobs.boss, runId, 3);
    expect(await drainJobsOf(runId)).toEqual([
      { singleton_key: `${runId}:0`, retry_limit: 3 },
      { singleton_key: `${runId}:1`, retry_limit: 3 },
      { singleton_key: `${runId}:2`, retry_limit: 3 },
    ]);
  });
});
