import type { Kysely } from 'kysely';
import { ensureSimulatorSchema } from './gateways/payments/index.ts';
import { createDb } from './platform/db.ts';
import { applyGrants } from './platform/db-grants-sql.ts';
import { installJobsSchema } from './platform/jobs.ts';
import type { Logger } from './platform/logger.ts';
import { migrateToLatest } from './platform/migrate.ts';

export interface PrepareOptions {
  /** The owner role's URL: migrations and grants need it, nothing else does. */
  ownerUrl: string;
  /** The role the app connects as, which gets the grants of db-grants.ts. */
  runtimeRole: string;
  /** Install pg-boss's schema (processes that run jobs need it). */
  jobs: boolean;
  /** Create the payment simulator's schema (PAYMENT_GATEWAY=simulator). */
  simulator: boolean;
  logger: Logger;
}

/**
 * The migration step, as the owner (issue 30, ADR 22): our migrations, pg-boss's schema, the
 * simulator's schema, then the runtime role's grants (revoke all, grant what db-grants.ts
 * lists). Run on start when the process has the owner's URL (the embedded default, or
 * DATABASE_OWNER_URL), or on its own with `npm run cli -- db:migrate`. Returns the migrations
 * applied.
 */
export async function prepareDatabase(o: PrepareOptions): Promise<string[]> {
  const { db } = createDb(o.ownerUrl, 2);
  try {
    const applied = await migrateToLatest(db);
    if (o.jobs) await installJobsSchema(o.ownerUrl, o.logger);
    if (o.simulator) await ensureSimulatorSchema(db as unknown as Kysely<unknown>);
    await applyGrants(db, o.runtimeRole);
    return applied;
  } finally {
    await db.destroy();
  }
}
