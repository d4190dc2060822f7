/**
 * npm run bench:api — the customer dashboard calls under load, at 100,000 customers.
 *
 * Starts the real app on its own embedded PostgreSQL, seeds 100,000 customers (set-based) and
 * one signed-in customer with two cards, a subscription and activity, then drives the calls
 * the dashboard makes (customer, cards, transactions, plans) with autocannon in a separate
 * process: first at a fixed 500 requests/s (latency percentiles), then flat out, next to a
 * bare Fastify route doing one SELECT 1 on the same pool (the ratio shows our overhead).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { createLogger } from '../src/platform/logger.ts';
import { startServices } from '../src/platform/services.ts';
import { addCard, signedInUser, testCards } from '../src/test/customers.ts';
import { freePort } from '../src/test/free-port.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const quiet = createLogger('silent');
const dir = mkdtempSync(path.join(tmpdir(), 'pria-bench-api-'));
const database = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), logger: quiet });
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: String(port),
  PUBLIC_URL: url,
  DATABASE_URL: database.url,
  LOG_LEVEL: 'silent',
  PRIA_JOBS: 'false',
  DATABASE_POOL_SIZE: '20',
});
const services = await startServices(config, quiet);
const bare = Fastify();
bare.get('/bare', async () => {
  await sql`select 1`.execute(services.db);
  return { ok: true };
});
const barePort = await freePort();

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}

/** autocannon in its own process, so it does not share this event loop with the server. */
// NOTE: asynchronous, so this process (which is also the server) keeps answering meanwhile.
async function cannon(
  target: string,
  token: string | null,
  opts: { rate?: number; connections: number; seconds?: number },
): Promise<Result> {
  const args = ['-j', '-d', String(opts.seconds ?? SECONDS), '-c', String(opts.connections)];
  if (opts.rate) args.push('-R', String(opts.rate));
  if (token) args.push('-H', `authorization=Bearer ${token}`);
  const bin = path.resolve('node_modules/.bin/autocannon');
  const { stdout } = await promisify(execFile)(bin, [...args, target], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return JSON.parse(stdout) as Result;
}

try {
  await services.app.listen({ port, host: '127.0.0.1' });
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  await sql`
    insert into customers (issuer, subject, email, first_name, last_name, created_at)
    select 'bench', 'bench-' || i, 'bench' || i || '@example.com', 'First' || i, 'Last' || i, now()
    from generate_series(1, ${CUSTOMERS}) i`.execute(services.db);
  const api = await signedInUser({ ...services, url, databaseUrl: database.url }, 'dash@example.com');
  const visa = await addCard(api, testCards.visa);
  await addCard(api, testCards.mastercard);
  await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: visa.body.data.id });
  await sql`analyze`.execute(services.db);
  // The token the signed-in client holds (api-client keeps it private; sign in again to read it).
  const { oidcLogin } = await import('../src/test/oidc-login.ts');
  const { access_token: token } = await oidcLogin({
    baseUrl: url,
    email: 'dash@example.com',
    password: 'correct horse 1',
  });

  const calls = {
    customer: '/api/v1/customers/me',
    cards: '/api/v1/cards',
    transactions: '/api/v1/transactions?limit=10',
    plans: '/api/v1/plans',
  };
  // Warm-up (not measured): the first seconds of a fresh process include JIT compilation and
  // opening the pool's connections, which would otherwise land in the first call's p99.
  for (const p of Object.values(calls))
    await cannon(`${url}${p}`, token, { rate: 200, connections: 20, seconds: 2 });
  const rows: string[][] = [];
  for (const [name, p] of Object.entries(calls)) {
    const r = await cannon(`${url}${p}`, token, { rate: 500, connections: 20 });
    rows.push([
      `${name} @ 500/s`,
      r.requests.average.toFixed(0),
      String(r.latency.p50),
      String(r.latency.p99),
      String(r.non2xx + r.errors),
    ]);
  }
  const ours = await cannon(`${url}${calls.customer}`, token, { connections: 50 });
  const base = await cannon(`http://127.0.0.1:${barePort}/bare`, null, { connections: 50 });
  rows.push([
    'customer, flat out',
    ours.requests.average.toFixed(0),
    String(ours.latency.p50),
    String(ours.latency.p99),
    String(ours.non2xx + ours.errors),
  ]);
  rows.push([
    'bare SELECT 1, flat out',
    base.requests.average.toFixed(0),
    String(base.latency.p50),
    String(base.latency.p99),
    String(base.non2xx + base.errors),
  ]);

  console.log(
    `\nPria API benchmark (${new Date().toISOString()}, Node ${process.version}, ${CUSTOMERS} customers, ${SECONDS} s per run)`,
  );
  const head = ['call', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const r of [head, ...rows])
    console.log(
      r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  '),
    );
  console.log(
    `\nthroughput ratio (customer / bare SELECT 1): ${((100 * ours.requests.average) / base.requests.average).toFixed(0)}% (target >= 40%)`,
  );
  console.log('targets: p99 < 50 ms at 500 requests/s');
} finally {
  await bare.close();
  await services.stop();
  await database.stop();
  rmSync(dir, { recursive: true, force: true });
}
