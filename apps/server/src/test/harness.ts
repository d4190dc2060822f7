import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDb, type Db } from '../platform/db.ts';
import { embeddedRoles } from '../platform/db-roles.ts';
import { createLogger } from '../platform/logger.ts';
import { type ServiceOptions, type Services, startServices } from '../services.ts';
import { databaseUrlAs, databaseUrlOf } from './database-url.ts';
import { freePort } from './free-port.ts';

/**
 * The key-encryption key (ADR 52) of this test process: every app it starts, and every server
 * or CLI a test spawns with `process.env`, seals and opens the database's secrets with it. A test
 * that rotates passes its own PRIA_KEY_ENCRYPTION_KEY to startTestApp.
 */
process.env.PRIA_KEY_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');

export interface TestApp extends Omit<Services, 'db'> {
  url: string;
  /** The app's own connection string: the runtime role, as in production. */
  databaseUrl: string;
  /** The owner role on the same database (migrations, grants). */
  ownerUrl: string;
  /**
   * The test's own hands on the database, as the OWNER: fixtures, inspection, and breaking
   * things on purpose. What the app does (HTTP, `billing`, `notifications`) runs as the runtime
   * role through `appDb`, so a grant the code needs and db-grants.ts lacks fails the test.
   */
  db: Db;
  /** The connection the app uses (the runtime role). */
  appDb: Db;
}

export { databaseUrlAs } from './database-url.ts';

export interface TestDatabaseOptions {
  /**
   * An empty database (no migration applied, no schema of pg-boss or the simulator), for the
   * tests of the migration step itself. Otherwise a copy of the run's template (global-setup.ts,
   * ADR 56): migrated to the latest and prepared as an app's start prepares it, holding no key.
   */
  empty?: boolean;
}

/**
 * A fresh database of its own on the shared test server, owned by the owner role; returns the
 * owner's URL (`databaseUrlAs(url, embeddedRoles.runtime)` is the runtime role's).
 */
export async function createTestDatabase({ empty = false }: TestDatabaseOptions = {}): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const template = empty ? '' : ` template ${inject('pgTemplate')}`;
    await client.query(`create database ${name}${template} owner ${embeddedRoles.owner.name}`);
  } finally {
    await client.end();
  }
  return databaseUrlAs(databaseUrlOf(adminUrl, name), embeddedRoles.owner);
}

/** A fresh database as a server's configuration names it: the runtime role, and the owner to migrate. */
export async function testDatabaseEnv(
  opts: TestDatabaseOptions = {},
): Promise<{ DATABASE_URL: string; DATABASE_OWNER_URL: string }> {
  const owner = await createTestDatabase(opts);
  return { DATABASE_URL: databaseUrlAs(owner, embeddedRoles.runtime), DATABASE_OWNER_URL: owner };
}

/** Services started for a free port and listening on it; a port taken meanwhile is given up for another. */
async function listening(
  startFor: (port: number) => Promise<Services>,
  attempts = 3,
): Promise<{ services: Services; url: string }> {
  const port = await freePort();
  const services = await startFor(port);
  try {
    await services.app.listen({ port, host: '127.0.0.1' });
    return { services, url: `http://127.0.0.1:${port}` };
  } catch (err) {
    await services.stop();
    if (attempts > 1 && (err as NodeJS.ErrnoException).code === 'EADDRINUSE')
      return listening(startFor, attempts - 1);
    throw err;
  }
}

/**
 * The whole server (built-in identity provider, API, web app if built) on a free port, over
 * its own fresh database (a copy of the run's template, already migrated), listening on
 * 127.0.0.1 so real HTTP clients can call it. It runs the migration step as the owner (on a
 * copy: nothing to apply, the grants applied again) and runs as the runtime role; pass
 * DATABASE_URL (a runtime role URL) to start another app on an existing database.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: ServiceOptions = {},
): Promise<TestApp> {
  const ownerUrl =
    env.DATABASE_OWNER_URL ??
    (env.DATABASE_URL ? databaseUrlAs(env.DATABASE_URL, embeddedRoles.owner) : await createTestDatabase());
  const databaseUrl = env.DATABASE_URL ?? databaseUrlAs(ownerUrl, embeddedRoles.runtime);
  // The port is the issuer's before the server listens (PUBLIC_URL): another test worker may take
  // a free port between the two (CI saw EADDRINUSE once), so a taken one is tried again, anew.
  const { services, url } = await listening(async (port) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATABASE_OWNER_URL: ownerUrl,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Tests drive billing themselves; no background scheduler unless a test asks for it.
      PRIA_JOBS: 'false',
      PRIA_KEY_ENCRYPTION_KEY: process.env.PRIA_KEY_ENCRYPTION_KEY,
      ...env,
    });
    return startServices(config, createLogger(config.logLevel), opts);
  });
  const owner = createDb(ownerUrl, 4).db;
  return {
    ...services,
    url,
    databaseUrl,
    ownerUrl,
    db: owner,
    appDb: services.db,
    async stop() {
      await services.stop();
      await owner.destroy();
    },
  };
}
