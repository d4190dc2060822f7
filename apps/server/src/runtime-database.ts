import type pg from 'pg';
import type { Config } from './config.ts';
import type { RunningDatabase } from './platform/database.ts';
import { createDb, type Db } from './platform/db.ts';
import { assertRuntimeRole, roleOfUrl } from './platform/db-roles.ts';
import type { Logger } from './platform/logger.ts';
import { pendingMigrations } from './platform/migrate.ts';
import { prepareDatabase } from './prepare-database.ts';

/**
 * The app's connection, as the runtime role (issue 30): the owner migrates first when this
 * process has its URL; then the app refuses to run as a role that could rewrite history, or on a
 * schema its code does not match.
 */
export async function openRuntimeDatabase(
  config: Config,
  database: RunningDatabase,
  logger: Logger,
  poolSize = config.databasePoolSize,
): Promise<{ db: Db; pool: pg.Pool }> {
  if (database.ownerUrl) {
    const applied = await prepareDatabase({
      ownerUrl: database.ownerUrl,
      runtimeRole: roleOfUrl(database.url),
      jobs: config.jobs,
      simulator: config.payments.gateway === 'simulator',
      logger,
    });
    if (applied.length) logger.info({ applied }, 'migrations applied');
  }
  const { db, pool } = createDb(database.url, poolSize);
  try {
    await assertRuntimeRole(db);
    const pending = await pendingMigrations(db);
    if (pending > 0) {
      throw new Error(
        `${pending} database migration(s) not applied: run them as the owner (npm run cli -- db:migrate with DATABASE_OWNER_URL, docs/deployment.md)`,
      );
    }
  } catch (err) {
    await db.destroy();
    throw err;
  }
  // The pool itself too: the rate limits' store (rate-limiter-flexible) queries through it.
  return { db, pool };
}
