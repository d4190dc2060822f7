import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { freePort } from '../test/free-port.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { createHttpApp } from './app.ts';
import type { Principal } from './auth.ts';
import { access } from './http.ts';
import { createLogger } from './logger.ts';
import { createRateLimitStore, type RateLimit, type RateLimitStore, windowSeconds } from './rate-limits.ts';

/**
 * The rate limits' store (ADR 53): counts in PostgreSQL by the key each route declares, as the
 * runtime role, and adds nothing to a route without a limit. The two-process proof is
 * proof/security/shared-limits.test.ts.
 */
let t: TestApp;
const opened: { pool: pg.Pool; store: RateLimitStore; app: FastifyInstance }[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const o of opened) {
    await o.app.close();
    o.store.close();
    await o.pool.end();
  }
  await t?.stop();
});

/** A bearer token is the subject it names. */
const principal = (subject: string): Principal => ({
  issuer: 'test',
  subject,
  email: null,
  emailVerified: true,
  roles: [],
  permissions: new Set(),
  amr: [],
  authTime: null,
  issuedAtMs: null,
});

/** The HTTP shell with three limited routes (2 a minute) and one without, on the given database. */
async function shell(databaseUrl: string, env: Record<string, string> = {}) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const logger = createLogger('silent');
  const store = createRateLimitStore(pool, logger);
  const app = await createHttpApp({
    config: loadConfig({ NODE_ENV: 'test', PORT: '1', DATABASE_URL: databaseUrl, ...env }),
    logger,
    verifyToken: async (token) => principal(token),
    rateLimits: store,
  });
  const twice = (key: RateLimit['key']) => ({ rateLimit: { max: 2, timeWindow: '1 minute', key } as const });
  app.get('/t/ip', { config: { ...access.public, ...twice('ip') } }, async () => 'ok');
  app.get('/t/account', { config: { ...access.user, ...twice('account') } }, async () => 'ok');
  app.get('/t/both', { config: { ...access.optional, ...twice('ip+account') } }, async () => 'ok');
  app.get('/t/free', { config: access.public }, async () => 'ok');
  await app.ready();
  opened.push({ pool, store, app });
  return { app, store };
}

const get = (app: FastifyInstance, url: string, ip: string, token?: string) =>
  app.inject({ url, remoteAddress: ip, headers: token ? { authorization: `Bearer ${token}` } : {} });

const statuses = async (calls: (() => Promise<{ statusCode: number }>)[]) => {
  const out: number[] = [];
  for (const call of calls) out.push((await call()).statusCode);
  return out;
};

describe('rate limits counted in PostgreSQL', () => {
  it('per ip: the third call of an address in the window is 429 with the envelope and Retry-After; another address is not', async () => {
    const { app } = await shell(t.databaseUrl);
    const codes = await statuses([1, 2, 3].map(() => () => get(app, '/t/ip', '192.0.2.1')));
    expect(codes).toEqual([200, 200, 429]);
    const refused = await get(app, '/t/ip', '192.0.2.1');
    expect(refused.json()).toMatchObject({ httpCode: 429, code: 'RATE_LIMITED', data: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect((await get(app, '/t/ip', '192.0.2.2')).statusCode).toBe(200);
    // The count is a row of the shared table, keyed by route and address.
    const rows = await sql<{ key: string; points: number }>`
      select key, points from rate_limits where key like 'GET /t/ip:%' order by key`.execute(t.db);
    expect(rows.rows).toEqual([
      { key: 'GET /t/ip:ip:192.0.2.1', points: 4 },
      { key: 'GET /t/ip:ip:192.0.2.2', points: 1 },
    ]);
  });

  it('per account: an account is refused whatever address it calls from; another account is not', async () => {
    const { app } = await shell(t.databaseUrl);
    const codes = await statuses(
      ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map(
        (ip) => () => get(app, '/t/account', ip, 'acct-1'),
      ),
    );
    expect(codes).toEqual([200, 200, 429]);
    expect((await get(app, '/t/account', '198.51.100.3', 'acct-2')).statusCode).toBe(200);
  });

  it('ip+account: refused when either count is spent; signed out, the address alone counts', async () => {
    const { app } = await shell(t.databaseUrl);
    // One account over two addresses: its own count runs out.
    expect(
      await statuses([
        () => get(app, '/t/both', '203.0.113.1', 'both-1'),
        () => get(app, '/t/both', '203.0.113.2', 'both-1'),
        () => get(app, '/t/both', '203.0.113.3', 'both-1'),
      ]),
    ).toEqual([200, 200, 429]);
    // One address, another account each time: the address's count runs out.
    expect(
      await statuses([
        () => get(app, '/t/both', '203.0.113.9', 'both-2'),
        () => get(app, '/t/both', '203.0.113.9'),
        () => get(app, '/t/both', '203.0.113.9', 'both-3'),
      ]),
    ).toEqual([200, 200, 429]);
  });

  it('two apps on one database share the count', async () => {
    const [one, two] = [await shell(t.databaseUrl), await shell(t.databaseUrl)];
    const codes = await statuses([one, two, one, two].map((s) => () => get(s.app, '/t/ip', '192.0.2.77')));
    expect(codes).toEqual([200, 200, 429, 429]);
  });

  it('a route without a limit gets no hook and writes no row', async () => {
    const { app } = await shell(t.databaseUrl);
    const before = await sql<{ n: number }>`select count(*)::int as n from rate_limits`.execute(t.db);
    for (let i = 0; i < 5; i++) expect((await get(app, '/t/free', '192.0.2.200')).statusCode).toBe(200);
    const after = await sql<{ n: number }>`select count(*)::int as n from rate_limits`.execute(t.db);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    const store = createRateLimitStore(new pg.Pool(), createLogger('silent'));
    const route = { method: 'GET', url: '/x', config: access.public, handler: () => 'ok' } as RouteOptions;
    store.guard(route);
    store.close();
    expect(route.onRequest).toBeUndefined();
  });

  it('counts an address of any length (forged through TRUST_PROXY=true) under its digest, never a 500', async () => {
    const { app } = await shell(t.databaseUrl, { TRUST_PROXY: 'true' });
    const forged = `${'a'.repeat(3000)}-${Date.now()}`;
    const call = () => app.inject({ url: '/t/ip', headers: { 'x-forwarded-for': forged } });
    expect(await statuses([call, call, call])).toEqual([200, 200, 429]);
    const rows = await sql<{ key: string }>`
      select key from rate_limits where key like 'GET /t/ip:ip:sha256:%'`.execute(t.db);
    expect(rows.rows).toHaveLength(1);
  });

  it('the sweep, as the runtime role, deletes the windows that ended and keeps the live ones', async () => {
    const { store } = await shell(t.databaseUrl);
    const now = Date.now();
    await sql`insert into rate_limits (key, points, expire) values
      ('sweep:ended', 3, ${now - 3_600_000}), ('sweep:live', 1, ${now + 60_000})`.execute(t.db);
    expect(await store.sweep()).toBeGreaterThanOrEqual(1);
    const left = await sql<{ key: string }>`select key from rate_limits where key like 'sweep:%'`.execute(
      t.db,
    );
    expect(left.rows.map((r) => r.key)).toEqual(['sweep:live']);
  });

  it('refuses to start when a route counts by account but needs no sign-in, or has a malformed window', async () => {
    const store = createRateLimitStore(new pg.Pool(), createLogger('silent'));
    const route = (rateLimit: unknown, kind: 'public' | 'user' = 'public') =>
      ({
        method: 'POST',
        url: '/y',
        config: { access: { kind }, rateLimit },
        handler: () => 'ok',
      }) as RouteOptions;
    expect(() => store.guard(route({ max: 1, timeWindow: '1 minute', key: 'account' }))).toThrow(
      /counts its rate limit by account but does not require a sign-in/,
    );
    expect(() => store.guard(route({ max: 1, timeWindow: 'a while', key: 'ip' }, 'user'))).toThrow(/window/);
    store.close();
    expect(windowSeconds('10 minutes')).toBe(600);
    expect(windowSeconds('1 hour')).toBe(3600);
  });
});

describe('the database out of reach', () => {
  it('a limited route answers 503 UNAVAILABLE with Retry-After, never a 500', async () => {
    // Nothing listens on this port: every query is refused, as in an outage.
    const { app } = await shell(`postgres://nobody@127.0.0.1:${await freePort()}/none`);
    const res = await get(app, '/t/ip', '192.0.2.1');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ httpCode: 503, code: 'UNAVAILABLE', data: null });
    expect(res.headers['retry-after']).toBe('5');
    // A route without a limit does not touch the database at all.
    expect((await get(app, '/t/free', '192.0.2.1')).statusCode).toBe(200);
  });
});
