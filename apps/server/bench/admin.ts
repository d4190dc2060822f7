/**
 * Admin API bench: an embedded PostgreSQL on a temp dir, 100,000 customers and 1,000,000
 * transactions (charges + pay-backs) seeded set-based, then N timed calls of each admin
 * screen through app.inject with a real admin token. Prints p50/p95/max per call.
 *   npm run bench:admin   (BENCH_N=50 by default; BENCH_DIR=/some/dir keeps the seeded database there
 *                          and reuses it on the next run, to iterate on queries without reseeding)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { createUser } from '../src/idp/index.ts';
import { createDb } from '../src/platform/db.ts';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { createLogger } from '../src/platform/logger.ts';
import { startServices } from '../src/services.ts';
import { freePort } from '../src/test/free-port.ts';
import { oidcLogin } from '../src/test/oidc-login.ts';

const N = Number(process.env.BENCH_N ?? 50);
const CUSTOMERS = 100_000;
const TRANSACTIONS = 1_000_000;
const TARGET_P95_MS = 100;
/** The admin home's metrics, from the monthly roll-ups (issue 16). */
const TARGET_METRICS_P95_MS = 50;

const log = (m: string) => console.log(`[bench] ${m}`);
const keep = process.env.BENCH_DIR;
const dir = keep ?? mkdtempSync(path.join(tmpdir(), 'pria-bench-'));
const quiet = createLogger('silent');
const pgPort = await freePort();
const database = await startEmbeddedPostgres({ dataDir: dir, port: pgPort, logger: quiet });
const httpPort = await freePort();
const baseUrl = `http://127.0.0.1:${httpPort}`;
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: String(httpPort),
  PUBLIC_URL: baseUrl,
  DATABASE_URL: database.url,
  DATABASE_OWNER_URL: database.ownerUrl,
  LOG_LEVEL: 'silent',
  PRIA_JOBS: 'false',
  PRIA_DATA_DIR: dir,
});
const services = await startServices(config, quiet);
const { app } = services;
// Seeding and inspection as the owner (vacuum and analyze need it); the app runs as the runtime role.
const db = createDb(database.ownerUrl, 4).db;

async function step(what: string, run: () => Promise<unknown>) {
  const t0 = performance.now();
  await run();
  log(`${what} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

try {
  await app.listen({ port: httpPort, host: '127.0.0.1' });
  const seeded = await sql<{ n: number }>`select count(*)::int as n from customers`.execute(db);
  if ((seeded.rows[0]?.n ?? 0) < CUSTOMERS) await seed();
  else log('reusing the seeded database in BENCH_DIR');
  const adminEmail = `bench-admin-${Date.now()}@pria.test`;
  await createUser(db, {
    email: adminEmail,
    password: 'correct horse 1',
    roles: ['admin'],
    emailVerified: true,
  });
  const { access_token } = await oidcLogin({
    baseUrl,
    email: adminEmail,
    password: 'correct horse 1',
  });
  const headers = { authorization: `Bearer ${access_token}` };
  await app.inject({ method: 'GET', url: '/api/v1/customers/me', headers });
  const client = await sql<{ id: string; card: string }>`
    select c.id, (select id from cards where customer_id = c.id order by slot limit 1) as card
    from customers c where c.subject = 'bench-identity'`.execute(db);
  const someone = client.rows[0];
  const tx = await sql<{ gateway_transaction_id: string }>`
    select gateway_transaction_id from payment_attempts where gateway_transaction_id is not null offset 123456 limit 1`.execute(
    db,
  );
  if (!someone?.card || !tx.rows[0]) throw new Error('seed did not produce the bench client');
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

  const calls: [string, string[]][] = [
    ['clients: default', ['/api/v1/customers']],
    ['clients: search "ann"', ['/api/v1/customers?search=ann']],
    ['clients: search "user4242"', ['/api/v1/customers?search=user4242']],
    ['clients: search phone', ['/api/v1/customers?search=(202)%20555-4242']],
    ['clients: sort lastName asc, 50', ['/api/v1/customers?sort=lastName&order=asc&limit=50']],
    ['clients: sort email desc, page 40', ['/api/v1/customers?sort=email&order=desc&page=40']],
    ['clients: sort createdAt asc', ['/api/v1/customers?sort=createdAt&order=asc']],
    ['clients: filter first+phone', [`/api/v1/customers?filter=${b64({ firstName: 'ann', phone: '555' })}`]],
    ['transactions: default', ['/api/v1/admin/transactions']],
    ['transactions: page 20, 50', ['/api/v1/admin/transactions?page=20&limit=50']],
    ['transactions: sort amount', ['/api/v1/admin/transactions?sort=amount&order=desc']],
    ['transactions: sort amount asc, page 20', ['/api/v1/admin/transactions?sort=amount&order=asc&page=20']],
    ['transactions: sort type asc', ['/api/v1/admin/transactions?sort=type&order=asc']],
    ['transactions: sort type desc, page 20', ['/api/v1/admin/transactions?sort=type&order=desc&page=20']],
    ['transactions: sort status', ['/api/v1/admin/transactions?sort=transactionStatus']],
    [
      'transactions: sort status asc, page 20',
      ['/api/v1/admin/transactions?sort=transactionStatus&order=asc&page=20'],
    ],
    ['transactions: status=failed', ['/api/v1/admin/transactions?status=failed']],
    [
      'transactions: status=success, type=capture',
      ['/api/v1/admin/transactions?status=success&type=capture'],
    ],
    ['transactions: type=payout', ['/api/v1/admin/transactions?type=payout']],
    ['transactions: type=subscription', ['/api/v1/admin/transactions?type=subscription']],
    [
      'transactions: transactionId',
      [`/api/v1/admin/transactions?transactionId=${tx.rows[0].gateway_transaction_id}`],
    ],
    ['transactions: userId', [`/api/v1/admin/transactions?userId=${someone.id}`]],
    [
      'client detail (4 calls)',
      [
        `/api/v1/customers/${someone.id}`,
        `/api/v1/cards/user/${someone.id}`,
        `/api/v1/customers/${someone.id}/transactions?limit=10`,
        `/api/v1/logs/${someone.id}`,
      ],
    ],
    [
      'client activity per card',
      [`/api/v1/customers/${someone.id}/transactions?limit=10&cardId=${someone.card}`],
    ],
    ['logs: default', ['/api/v1/logs']],
    ['logs: filterPattern', ['/api/v1/logs?filterPattern=forced&limit=100']],
    ['metrics', ['/api/v1/admin/metrics']],
  ];
  // The baseline measured in the same run: a bare route through the same inject path.
  calls.unshift(['baseline: bare route /healthz', ['/healthz']]);

  const results: { name: string; p50: number; p95: number; max: number }[] = [];
  for (const [name, urls] of calls) {
    if (process.env.BENCH_ONLY && !name.includes(process.env.BENCH_ONLY)) continue;
    const times: number[] = [];
    for (let i = 0; i < N + 3; i++) {
      const t0 = performance.now();
      for (const url of urls) {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url} -> ${res.statusCode}: ${res.body.slice(0, 300)}`);
      }
      if (i >= 3) times.push(performance.now() - t0); // 3 warm-up calls
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
    results.push({ name, p50: at(0.5), p95: at(0.95), max: times.at(-1) ?? 0 });
  }

  const counts = await sql<{ c: number; a: number; p: number }>`select
    (select count(*) from customers)::int as c, (select count(*) from payment_attempts)::int as a,
    (select count(*) from payouts)::int as p`.execute(db);
  const n = counts.rows[0];
  console.log(
    `\nAdmin API, ${n?.c} customers, ${(n?.a ?? 0) + (n?.p ?? 0)} transactions (${n?.a} charges, ${n?.p} pay-backs), N=${N} per call (ms)\n`,
  );
  const bare = results.find((r) => r.name.startsWith('baseline'))?.p95 ?? 0;
  console.log(
    `${'call'.padEnd(36)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)} ${'p95/bare'.padStart(9)}`,
  );
  for (const r of results) {
    const target = r.name === 'metrics' ? TARGET_METRICS_P95_MS : TARGET_P95_MS;
    const listed = r.name.startsWith('clients') || r.name.startsWith('transactions') || r.name === 'metrics';
    const flag = listed && r.p95 >= target ? `  > target ${target} ms` : '';
    const ratio = bare > 0 ? `${(r.p95 / bare).toFixed(0)}x` : '-';
    console.log(
      `${r.name.padEnd(36)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${ratio.padStart(9)}${flag}`,
    );
  }
  const metrics = results.find((r) => r.name === 'metrics');
  if (metrics)
    console.log(`\nmetrics p95  ${metrics.p95.toFixed(1)} ms (target < ${TARGET_METRICS_P95_MS} ms)`);
} finally {
  await app.close().catch(() => {});
  await services.stop().catch(() => {});
  await db.destroy().catch(() => {});
  await database.stop().catch(() => {});
  if (!keep) rmSync(dir, { recursive: true, force: true });
}

async function seed() {
  const names = sql`(array['Ann','Bob','Cara','Dan','Eve','Finn','Gus','Hana','Ivan','Joy'])`;
  await step(`${CUSTOMERS} customers`, () =>
    sql`insert into customers (issuer, subject, email, email_verified, first_name, last_name, phone, address1, locality,
          administrative_area, postal_code, onboarding_index, created_at, deleted_at)
        select 'bench', 'bench-' || g, 'user' || g || '@example.com', true, ${names}[1 + g % 10],
               'Last' || (g * 7919 % 20000), (2025500000 + g)::text, g || ' Main St', 'New York', 'NY', '10001', 4,
               now() - make_interval(mins => g * 3), case when g % 200 = 0 then now() end
        from generate_series(1, ${CUSTOMERS}) g`.execute(db),
  );
  await step('cards (1 each, a second for 40%)', () =>
    sql`insert into cards (customer_id, gateway, instrument_id, brand, last_four, expiration_month, expiration_year, name,
          address1, locality, administrative_area, postal_code, is_default, slot, created_at)
        select c.id, 'simulator', 'bench-' || c.id || '-' || s, case when s = 1 then 'visa' else 'mastercard' end,
               lpad((abs(hashtext(c.id::text || s)) % 10000)::text, 4, '0'), 12, 2030, 'Bench', '1 Main St', 'New York',
               'NY', '10001', s = 1, s, c.created_at
        from customers c cross join generate_series(1, 2) s
        where s = 1 or abs(hashtext(c.id::text)) % 5 < 2`.execute(db),
  );
  await step('subscriptions (half the customers)', () =>
    sql`insert into subscriptions (customer_id, plan_id, card_id, status, expires_at, created_at)
        select k.customer_id, 'semi-annual', k.id, 'active',
               now() + make_interval(days => 30 + abs(hashtext(k.id::text)) % 150),
               now() - make_interval(days => abs(hashtext(k.customer_id::text)) % 330)
        from cards k where k.slot = 1 and abs(hashtext(k.customer_id::text)) % 2 = 0`.execute(db),
  );
  await step('pay-in charges, 5 periods (5% declined)', () =>
    sql`insert into payment_attempts (reference, kind, period, customer_id, card_id, amount_cents, description, status,
          decline_reason, gateway_transaction_id, instrument_id, initiator, is_verified, created_at, due_at, sent_at,
          settled_at)
        select 'payin:' || k.id || ':' || p.period, 'payin', p.period, k.customer_id, k.id, 300,
               'Monthly credit-building charge', case when h % 20 = 0 then 'declined' else 'captured' end,
               case when h % 20 = 0 then 'insufficient_funds' end, 'gw-' || md5(k.id::text || p.period), k.instrument_id,
               'merchant', h % 3 = 0, p.at + make_interval(secs => h % 3600), pria_payin_due_at(p.period),
               p.at + make_interval(secs => h % 3600), p.at + make_interval(secs => h % 3600)
        from cards k
        cross join lateral (
          select to_char(m, 'YYYY-MM') as period, (m + interval '27 days 16 hours') at time zone 'America/New_York' as at
          from generate_series(date_trunc('month', now()) - interval '5 months', date_trunc('month', now()) - interval '1 month',
                               interval '1 month') m) p
        cross join lateral (select abs(hashtext(k.id::text || p.period)) as h) hh`.execute(db),
  );
  await step('plan charges (one per subscription)', () =>
    sql`insert into payment_attempts (reference, kind, period, customer_id, card_id, subscription_id, plan_id, amount_cents,
          description, status, decline_reason, gateway_transaction_id, instrument_id, created_at, due_at, sent_at, settled_at)
        select 'sub:' || s.id, 'subscription', to_char(s.created_at, 'YYYY-MM-DD'), s.customer_id, s.card_id, s.id,
               'semi-annual', 3897, 'Semi-Annual plan', case when h % 25 = 0 then 'declined' else 'captured' end,
               case when h % 25 = 0 then 'card_declined' end, 'gws-' || s.id, k.instrument_id, s.created_at,
               s.created_at, s.created_at, s.created_at
        from subscriptions s join cards k on k.id = s.card_id
        cross join lateral (select abs(hashtext(s.id::text)) as h) hh`.execute(db),
  );
  const charges = await sql<{ n: number }>`select count(*)::int as n from payment_attempts`.execute(db);
  const payouts = TRANSACTIONS - (charges.rows[0]?.n ?? 0);
  await step(`${payouts} pay-backs of the oldest captures`, () =>
    sql`insert into payouts (attempt_id, customer_id, card_id, instrument_id, period, amount_cents, status, tries, reference,
          gateway_transaction_id, created_at, paid_at, last_error, due_at)
        select a.id, a.customer_id, a.card_id, a.instrument_id, a.period, a.amount_cents,
               case when h % 100 = 0 then 'returned' when h % 50 = 0 then 'failed' else 'paid' end, 1, 'payout:' || a.id,
               'gwp-' || a.id, a.created_at + interval '4 days',
               case when h % 100 <> 0 and h % 50 <> 0 then a.created_at + interval '4 days' end,
               case when h % 50 = 0 and h % 100 <> 0 then 'card_closed' end, a.created_at + interval '4 days'
        from payment_attempts a cross join lateral (select abs(hashtext(a.id::text)) as h) hh
        where a.kind = 'payin' and a.status = 'captured'
        order by a.period, a.id
        limit ${payouts}`.execute(db),
  );
  await step('event log and sign-ins', async () => {
    await sql`insert into event_log (at, stream, message, actor)
        select now() - make_interval(mins => g), case when g % 3 = 0 then 'admin' else 'billing' end,
               case when g % 3 = 0 then 'Pay-in forced by ops@pria.test' else 'Run progress ' || g end,
               case when g % 3 = 0 then 'ops@pria.test' end
        from generate_series(1, 20000) g`.execute(db);
    // One client signs in with the built-in provider: the client-detail logs tab reads theirs.
    await sql`insert into idp_users (id, email, roles) values ('auth|bench-identity', 'bench-client@example.com', '{customer}')`.execute(
      db,
    );
    await sql`update customers set issuer = ${config.oidc.issuer}, subject = 'bench-identity'
        where id = (select customer_id from subscriptions order by customer_id limit 1)`.execute(db);
    await sql`insert into idp_sign_in_events (user_id, email, ip, user_agent, success, reason, at)
        select case when g % 100 = 0 then 'auth|bench-identity' end, 'user' || g || '@example.com', '198.51.100.' || (g % 250),
               'Mozilla/5.0', g % 7 <> 0, case when g % 7 = 0 then 'password' end, now() - make_interval(mins => g)
        from generate_series(1, 50000) g`.execute(db);
  });
  await step('vacuum analyze', () => sql`vacuum analyze`.execute(db));
}
