import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../platform/logger.ts';
import { type ServiceOptions, type Services, startServices } from '../services.ts';
import { freePort } from './free-port.ts';

export interface TestApp extends Services {
  url: string;
  databaseUrl: string;
}

/** A fresh, empty database on the shared test server. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The whole server (built-in identity provider, API, web app if built) on a free port, over
 * its own fresh database, listening on 127.0.0.1 so real HTTP clients can call it.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: ServiceOptions = {},
): Promise<TestApp> {
  const port = await freePort();
  const databaseUrl = env.DATABASE_URL ?? (await createTestDatabase());
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Tests drive billing themselves; no background scheduler unless a test asks for it.
    PRIA_JOBS: 'false',
    ...env,
  });
  const services = await startServices(config, createLogger(config.logLevel), opts);
  await services.app.listen({ port, host: '127.0.0.1' });
  return { ...services, url, databaseUrl };
}
