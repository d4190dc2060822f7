import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureRoles } from '../platform/db-roles.ts';
import { startEmbeddedPostgres } from '../platform/embedded-postgres.ts';
import { createLogger } from '../platform/logger.ts';
import { freePort } from './free-port.ts';

/**
 * One real PostgreSQL server for the whole test run (embedded, in a temp dir), or the one
 * named by TEST_DATABASE_URL (a role that may create roles and databases). Each test file then
 * creates its own database on it, owned by the owner role; the app under test connects as the
 * runtime role, as in production (issue 30).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await ensureRoles(admin).finally(() => admin.end());
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pria-test-pg-'));
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    logger: createLogger('silent'),
  });
  project.provide('pgAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
