import { PgBoss } from 'pg-boss';
import type { Logger } from './logger.ts';

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

export const JOBS_SCHEMA = 'pgboss';

/**
 * Background jobs on the same PostgreSQL (pg-boss, in its own schema). Jobs only say "someone
 * should do X"; what X means and whether it is already done lives in our own tables, so a job
 * that runs twice or never runs loses nothing (the next tick finds the work again).
 * NOTE: the app connects as the runtime role, which may not run DDL (issue 30): pg-boss's
 * schema is installed and migrated by the owner (`installJobsSchema`, in the migration step),
 * and here it neither migrates nor rebuilds indexes.
 */
export async function startJobs(url: string, logger: Logger): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString: url,
    schema: JOBS_SCHEMA,
    max: 4,
    migrate: false,
    reindex: false,
  });
  let stopping = false;
  // NOTE: on Ctrl-C the embedded PostgreSQL (same process group) shuts down at once too;
  // connection errors while we are stopping are expected, not worth an error line.
  boss.on('error', (err: unknown) => {
    if (!stopping) logger.error({ err }, 'job queue error');
  });
  try {
    await boss.start();
  } catch (err) {
    throw new Error(
      `The job queue's schema (${JOBS_SCHEMA}) is missing or out of date: run the migration step as the owner (npm run cli -- db:migrate). ${(err as Error).message}`,
    );
  }
  return {
    boss,
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
    },
  };
}

/** Installs or migrates pg-boss's schema, as the owner (its DDL), then lets go. */
export async function installJobsSchema(ownerUrl: string, logger: Logger): Promise<void> {
  const boss = new PgBoss({
    connectionString: ownerUrl,
    schema: JOBS_SCHEMA,
    max: 1,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', (err: unknown) => logger.warn({ err }, 'job queue schema'));
  await boss.start();
  await boss.stop({ graceful: false, timeout: 1_000 }).catch(() => {});
}
