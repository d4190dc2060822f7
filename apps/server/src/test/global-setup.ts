import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { embeddedRoles, ensureRoles } from '../platform/db-roles.ts';
import { startEmbeddedPostgres } from '../platform/embedded-postgres.ts';
import { createLogger } from '../platform/logger.ts';
import { prepareDatabase } from '../prepare-database.ts';
import { databaseUrlAs, databaseUrlOf } from './database-url.ts';
import { freePort } from './free-port.ts';

/**
 * One real PostgreSQL server for the whole test run (embedded, in a temp dir), or the one
 * named by TEST_DATABASE_URL (a role that may create roles and databases). Each test file then
 * creates its own database on it, owned by the owner role; the app under test connects as the
 * runtime role, as in production (issue 30).
 *
 * A test file's database is a copy of a template made once here (ADR 56): migrated to the
 * latest and prepared as `prepareDatabase` prepares it (pg-boss's schema, the simulator's schema,
 * the runtime role's grants), so a file's start does not run every migration again. Files that
 * test the migrations themselves ask for an empty database (`createTestDatabase({ empty: true })`).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await ensureRoles(admin).finally(() => admin.end());
    const template = await createTemplate(adminUrl);
    project.provide('pgAdminUrl', adminUrl);
    project.provide('pgTemplate', template);
    // A shared server outlives the run: the template goes with it (the files' databases stay, as before).
    return () => dropTemplate(adminUrl, template);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pria-test-pg-'));
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    logger: createLogger('silent'),
  });
  const teardown = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    project.provide('pgTemplate', await createTemplate(server.adminUrl));
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide('pgAdminUrl', server.adminUrl);
  return teardown;
}

/** Tables whose rows are keys an app makes at its first start (sealed with its own key, ADR 52). */
const keyTables = ['public.idp_keys', 'public.web_push_keys', 'gateway_sim.keys'];

/**
 * Makes the template: a database prepared exactly as an app's start with the owner's URL
 * prepares it, then closed to connections (PostgreSQL copies no database anyone is connected to).
 */
async function createTemplate(adminUrl: string): Promise<string> {
  const name = `pria_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} owner ${embeddedRoles.owner.name}`);
    const ownerUrl = databaseUrlAs(databaseUrlOf(adminUrl, name), embeddedRoles.owner);
    await prepareDatabase({
      ownerUrl,
      runtimeRole: embeddedRoles.runtime.name,
      jobs: true,
      simulator: true,
      logger: createLogger('silent'),
    });
    await assertHoldsNoKeys(ownerUrl);
    // No one connects to it from now on; the last pooled connections are let go (or ended).
    await admin.query(`alter database ${name} with is_template true allow_connections false`);
    await closeConnections(admin, name);
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * Keys are made when an app first starts, sealed with that process's key-encryption key; each
 * test process has its own (harness.ts), so a key copied from the template would open in none.
 */
async function assertHoldsNoKeys(ownerUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    for (const table of keyTables) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      if (rows[0]?.n)
        throw new Error(
          `The test template database holds ${rows[0].n} row(s) of ${table}: keys are made at an app's start, sealed with its own key-encryption key (ADR 52), never in the migration step`,
        );
    }
  } finally {
    await client.end();
  }
}

async function closeConnections(admin: pg.Client, database: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  const open = async () =>
    (
      await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      )
    ).rows[0]?.n ?? 0;
  while ((await open()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
}

async function dropTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`alter database ${name} with is_template false`);
    await admin.query(`drop database if exists ${name}`);
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** The migrated, prepared database each test file's database is copied from. */
    pgTemplate: string;
  }
}
