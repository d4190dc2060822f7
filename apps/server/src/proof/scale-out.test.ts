import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorGateway } from '../gateways/payments/index.ts';
import { createUser } from '../idp/index.ts';
import { createDb, type Db } from '../platform/db.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../platform/embedded-postgres.ts';
import { createLogger } from '../platform/logger.ts';
import { apiClient } from '../test/api-client.ts';
import { addCard, testCards } from '../test/customers.ts';
import { nextDuePayin } from '../test/due-period.ts';
import { freePort } from '../test/free-port.ts';
import { seedSubscribers } from '../test/seed-billing.ts';

/**
 * SCALE-OUT: 2 web processes (PRIA_ROLE=web) and 2 worker processes (PRIA_ROLE=worker) on one
 * PostgreSQL, as deployed behind a load balancer. Sign-ins are sent round-robin across both web
 * processes request by request (the provider's state is in PostgreSQL and the cookie keys are
 * shared), cards are registered through both, a pay-in and a payout are forced through the API
 * and drained by the two workers: every card is charged once and paid back once.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COOKIE_KEYS = `${randomBytes(24).toString('base64url')},${randomBytes(24).toString('base64url')}`;
const KEY_ENCRYPTION_KEY = randomBytes(32).toString('base64');
const PASSWORD = 'correct horse 1';

let dataDir: string;
let pg: EmbeddedDatabase;
let db: Db;
let publicUrl: string;
const webs: { url: string; child: ChildProcess; exit: Promise<{ code: number | null; out: string }> }[] = [];
const workers: { child: ChildProcess; exit: Promise<{ code: number | null; out: string }> }[] = [];

// Every process runs on one calendar, a minute after the next pay-in's due instant, so staff can
// force that month's run (a run is never opened before its due instant).
const due = nextDuePayin();
const clockOffset = String(Math.ceil((due.at.getTime() - Date.now()) / 1000));

function spawnServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(serverRoot, 'src', 'main.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: pg.url,
      DATABASE_POOL_SIZE: '5',
      PUBLIC_URL: publicUrl,
      OIDC_COOKIE_KEYS: COOKIE_KEYS,
      // One key-encryption key for every process, as production configures it (ADR 52).
      PRIA_KEY_ENCRYPTION_KEY: KEY_ENCRYPTION_KEY,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PRIA_JOBS: 'true',
      BILLING_DRAIN_JOBS: '2',
      BILLING_CONCURRENCY: '4',
      BILLING_BATCH_SIZE: '8',
      SIMULATOR_LATENCY_MS: '5',
      PRIA_CLOCK_OFFSET_SECONDS: clockOffset,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exit = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
  return { child, exit };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const ready = (url: string) => async () => (await fetch(`${url}/readyz`)).status === 200;

async function startWeb(port: number, env: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${port}`;
  const p = spawnServer({ PRIA_ROLE: 'web', PORT: String(port), ...env });
  webs.push({ url, ...p });
  await waitFor(ready(url), 60_000, `web process on ${port}`);
}

/**
 * A browser behind a round-robin load balancer: every request goes to the next web process,
 * with the public Host header, as the balancer would forward it.
 */
async function signInRoundRobin(email: string, offset: number) {
  const jar = new Map<string, string>();
  const publicHost = new URL(publicUrl).host;
  let n = offset;
  const served: string[] = [];
  const go = async (target: string, init: RequestInit = {}) => {
    const node = webs[n++ % webs.length];
    if (!node) throw new Error('no web process');
    const u = new URL(target, publicUrl);
    served.push(`${u.pathname.split('/').slice(0, 3).join('/')}@${node.url}`);
    const res = await fetch(`${node.url}${u.pathname}${u.search}`, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        host: publicHost,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (!value || /1970/.test(line)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
    }
    return res;
  };
  const callback = `${publicUrl}/auth/callback`;
  const follow = async (res: Response, at: string) => {
    let r = res;
    let url = at;
    for (let i = 0; i < 10 && r.status >= 300 && r.status < 400; i++) {
      url = new URL(r.headers.get('location') ?? '', url).toString();
      if (url.startsWith(callback)) return { r, url };
      r = await go(url);
    }
    return { r, url };
  };
  const verifier = randomBytes(32).toString('base64url');
  const audience = `${publicUrl}/api`;
  const auth = new URL('/oidc/auth', publicUrl);
  auth.search = new URLSearchParams({
    client_id: 'pria-web',
    response_type: 'code',
    scope: 'openid profile email offline_access',
    redirect_uri: callback,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: audience,
    state: 'rr',
  }).toString();
  let { r, url } = await follow(await go(auth.toString()), auth.toString());
  const html = await r.text();
  expect(r.status, html.slice(0, 300)).toBe(200);
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  ({ r, url } = await follow(
    await go(new URL(action, url).toString(), {
      method: 'POST',
      body: new URLSearchParams({ email, password: PASSWORD }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    url,
  ));
  expect(url.startsWith(callback), `${r.status} ${url}`).toBe(true);
  const code = new URL(url).searchParams.get('code') ?? '';
  const token = await go('/oidc/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: callback,
      client_id: 'pria-web',
      code_verifier: verifier,
      resource: audience,
    }),
  });
  const body = (await token.json()) as { access_token?: string; error?: string };
  expect(token.status, JSON.stringify(body)).toBe(200);
  return { accessToken: body.access_token ?? '', served };
}

const runStatus = async (kind: 'payin' | 'payout', period: string) =>
  (
    await db
      .selectFrom('billing_runs')
      .select('status')
      .where('kind', '=', kind)
      .where('period', '=', period)
      .executeTakeFirst()
  )?.status;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pria-scale-out-'));
  pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), logger: createLogger('silent') });
  // The test's own hands (seeding, inspection) as the owner; the processes run as the runtime role.
  db = createDb(pg.ownerUrl, 4).db;
  const [port1, port2] = [await freePort(), await freePort()];
  // Tokens' issuer is PUBLIC_URL/oidc: one public URL for every process (the balancer's).
  publicUrl = `http://127.0.0.1:${port1}`;
  // The first process migrates the empty database (it has the owner's URL, as a release step
  // would); the others start on it side by side with the runtime role's URL only.
  await startWeb(port1, { DATABASE_OWNER_URL: pg.ownerUrl });
  const second = startWeb(port2);
  for (let i = 0; i < 2; i++)
    workers.push(spawnServer({ PRIA_ROLE: 'worker', PORT: String(await freePort()) }));
  await second;
}, 120_000);

afterAll(async () => {
  for (const p of [...webs, ...workers]) p.child.kill('SIGTERM');
  const exits = await Promise.race([
    Promise.all([...webs, ...workers].map((p) => p.exit)),
    new Promise<null>((r) => setTimeout(() => r(null), 15_000)),
  ]);
  if (!exits) for (const p of [...webs, ...workers]) p.child.kill('SIGKILL');
  // Every process shut down cleanly on SIGTERM (no crash on the way out).
  const bad = (exits ?? []).filter((e) => e.code !== 0);
  await db?.destroy();
  await pg?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  expect(exits, 'processes did not stop within 15 s').not.toBeNull();
  expect(bad.map((e) => `${e.code}: ${e.out.slice(-2000)}`)).toEqual([]);
}, 60_000);

describe('2 web + 2 worker processes on one PostgreSQL', () => {
  it('signs in across both web processes, and charges and pays back every card exactly once', async () => {
    const [web1, web2] = webs;
    if (!web1 || !web2) throw new Error('web processes missing');

    // Customers sign in through the balancer; each registers one card through each web process.
    const customerCards: string[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `scale${i}@example.com`;
      await createUser(db, { email, password: PASSWORD, emailVerified: true });
      const { accessToken, served } = await signInRoundRobin(email, i);
      // The authorization really moved between processes.
      expect(new Set(served.map((s) => s.split('@')[1])).size).toBe(2);
      const api1 = apiClient(web1.url, accessToken);
      const api2 = apiClient(web2.url, accessToken);
      const a = await addCard(api1, testCards.visa);
      const b = await addCard(api2, testCards.mastercard);
      expect([a.status, b.status]).toEqual([201, 201]);
      customerCards.push(a.body.data.id, b.body.data.id);
      // Both processes see the same customer and both cards.
      const listed1 = (await api1.get('/api/v1/cards')).body.data;
      const listed2 = (await api2.get('/api/v1/cards')).body.data;
      expect(JSON.stringify(listed1)).toBe(JSON.stringify(listed2));
      expect(
        (await api2.post('/api/v1/subscriptions', { plan: 'semi-annual', card: a.body.data.id })).status,
      ).toBe(200);
    }
    // They registered and subscribed last week: owed this month's pay-in, judged as at its due instant.
    for (const table of ['cards', 'subscriptions'])
      await sql`update ${sql.table(table)} set created_at = created_at - interval '7 days'`.execute(db);
    // And enough seeded subscribers that both workers get work. (Whichever runs the month first,
    // the workers' scheduled tick or the forced run, each card is charged once.)
    const sim = await createSimulatorGateway({ db, publicUrl });
    const { cardIds: seeded } = await seedSubscribers(db, sim, {
      customers: 40,
      cardsEach: 1,
      since: new Date(Date.now() - 1000),
    });
    await sim.close();
    const cardIds = [...customerCards, ...seeded];

    await createUser(db, {
      email: 'ops@example.com',
      password: PASSWORD,
      roles: ['admin'],
      emailVerified: true,
    });
    const admin = apiClient(web1.url, (await signInRoundRobin('ops@example.com', 1)).accessToken);
    const period = (await admin.post('/api/v1/payin-payout/payin')).body.data?.period as string;
    expect(period).toBe(due.period);
    await waitFor(async () => (await runStatus('payin', period)) === 'completed', 90_000, 'the pay-in run');
    const payout = await admin.post('/api/v1/payin-payout/payout');
    expect(payout.status).toBe(202);
    await waitFor(async () => (await runStatus('payout', period)) === 'completed', 90_000, 'the payout run');

    // Our rows: one captured pay-in per card, one paid payout per capture, same amount.
    const attempts = await db
      .selectFrom('payment_attempts')
      .select(['id', 'card_id', 'status', 'instrument_id', 'amount_cents'])
      .where('kind', '=', 'payin')
      .where('period', '=', period)
      .execute();
    expect(attempts.map((a) => a.card_id).sort()).toEqual([...cardIds].sort());
    expect(attempts.every((a) => a.status === 'captured')).toBe(true);
    const payouts = await db
      .selectFrom('payouts')
      .select(['attempt_id', 'status', 'amount_cents'])
      .where('period', '=', period)
      .execute();
    expect(payouts).toHaveLength(attempts.length);
    expect(payouts.every((p) => p.status === 'paid' && p.amount_cents === 300)).toBe(true);
    expect(new Set(payouts.map((p) => p.attempt_id)).size).toBe(attempts.length);

    // The processor's books: each instrument charged once for the pay-in, paid back once.
    const moves = await sql<{ instrument_id: string; kind: string; status: string; n: number }>`
      select instrument_id, kind, status, count(*)::int as n from gateway_sim.transactions
      where reference like ${`payin:%:${period}`}
         or reference in (select t.reference from payout_tries t join payouts p on p.id = t.payout_id
                          where p.period = ${period})
      group by instrument_id, kind, status order by instrument_id, kind`.execute(db);
    for (const a of attempts) {
      const mine = moves.rows.filter((m) => m.instrument_id === a.instrument_id);
      expect(mine, a.instrument_id ?? 'no instrument').toEqual([
        { instrument_id: a.instrument_id, kind: 'charge', status: 'captured', n: 1 },
        { instrument_id: a.instrument_id, kind: 'payout', status: 'paid', n: 1 },
      ]);
    }
    expect(moves.rows.reduce((n, m) => n + m.n, 0)).toBe(attempts.length * 2);

    const books = (await admin.get(`/api/v1/billing/reconciliation?period=${period}`)).body.data;
    expect(JSON.stringify(books)).toContain('"outstanding":{"count":0,"cents":0}');
    // Every process is still up.
    for (const p of [...webs, ...workers]) expect(p.child.exitCode).toBeNull();
  }, 150_000);
});
