import { PgBoss } from 'pg-boss';
import type { Logger } from './logger.ts';

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Background jobs on the same PostgreSQL (pg-boss, in its own schema). Jobs only say "someone
 * should do X"; what X means and whether it is already done lives in our own tables, so a job
 * that runs twice or never runs loses nothing (the next tick finds the work again).
 */
export async function startJobs(url: string, logger: Logger): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 4 });
  let stopping = false;
  // NOTE: on Ctrl-C the embedded PostgreSQL (same process group) shuts down at once too;
  // connection errors while we are stopping are expected, not worth an error line.
  boss.on('error', (err: unknown) => {
    if (!stopping) logger.error({ err }, 'job queue error');
  });
  await boss.start();
  return {
    boss,
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
    },
  };
}
