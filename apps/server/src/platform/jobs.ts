import { PgBoss } from 'pg-boss';
import type { Logger } from './logger.ts';

/**
 * Background jobs on the same PostgreSQL (pg-boss, in its own schema). Jobs only say "someone
 * should do X"; what X means and whether it is already done lives in our own tables, so a job
 * that runs twice or never runs loses nothing (the next tick finds the work again).
 */
export async function startJobs(url: string, logger: Logger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 4 });
  boss.on('error', (err: unknown) => logger.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}
