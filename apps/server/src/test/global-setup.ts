import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../platform/embedded-postgres.ts';
import { createLogger } from '../platform/logger.ts';
import { freePort } from './free-port.ts';

/**
 * One real PostgreSQL server for the whole test run (embedded, in a temp dir), or the one
 * named by TEST_DATABASE_URL. Each test file then creates its own database on it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pria-test-pg-'));
  const pg = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    logger: createLogger('silent'),
  });
  project.provide('pgAdminUrl', pg.url);
  return async () => {
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
