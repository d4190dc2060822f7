import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { createDb, type Db } from '../../platform/db.ts';
import { apiClient } from '../../test/api-client.ts';
import { freePort } from '../../test/free-port.ts';
import { testDatabaseEnv } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';
import { startPushServiceStandIn } from '../../test/push-service-stand-in.ts';

/**
 * Issue 39: the rate limits hold across the deployment the docs describe, N web processes behind
 * a load balancer on one PostgreSQL. Two real web processes (PRIA_ROLE=web, children of this
 * test) share one fresh database; requests alternate between them as a round-robin balancer
 * sends them, each with the client address the balancer appends to X-Forwarded-For (both trust
 * the loopback "balancer"). Before ADR 53 each process counted in its own memory: the contact
 * form took 10 of 10, and test pushes from rotating addresses 30 of 30.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const COOKIE_KEYS = `${randomBytes(24).toString('base64url')},${randomBytes(24).toString('base64url')}`;
const PASSWORD = 'correct horse 1';

let db: Db;
let publicUrl: string;
let push: Awaited<ReturnType<typeof startPushServiceStandIn>>;
const webs: { url: string; child: ChildProcess; exit: Promise<{ code: number | null; out: string }> }[] = [];

function startWeb(port: number, env: Record<string, string>) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(serverRoot, 'src', 'main.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PRIA_ROLE: 'web',
      PRIA_JOBS: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      OIDC_COOKIE_KEYS: COOKIE_KEYS,
      TRUST_PROXY: 'loopback',
      DATABASE_POOL_SIZE: '3',
      LOG_LEVEL: 'warn',
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
  webs.push({ url, child, exit });
  return waitReady(url, exit);
}

async function waitReady(url: string, exit: Promise<{ code: number | null; out: string }>) {
  let exited: { code: number | null; out: string } | null = null;
  void exit.then((e) => {
    exited = e;
  });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (exited) throw new Error(`web process ${url} exited: ${(exited as { out: string }).out.slice(-2000)}`);
    if ((await fetch(`${url}/readyz`).catch(() => null))?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for the web process on ${url}`);
}

/** The balancer: the n-th request goes to process n % 2, with the client's address appended. */
const nodeFor = (n: number) => {
  const node = webs[n % webs.length];
  if (!node) throw new Error('no web process');
  return node.url;
};
const viaBalancer = (client: string) => ({ 'x-forwarded-for': client });

beforeAll(async () => {
  const env = await testDatabaseEnv();
  db = createDb(env.DATABASE_OWNER_URL, 2).db;
  push = await startPushServiceStandIn();
  const [port1, port2] = [await freePort(), await freePort()];
  publicUrl = `http://127.0.0.1:${port1}`;
  // The first has the owner's URL and runs the migration step (a release step would); the second
  // starts on it as the runtime role only.
  await startWeb(port1, env);
  await startWeb(port2, { DATABASE_URL: env.DATABASE_URL });
}, 120_000);

afterAll(async () => {
  for (const w of webs) w.child.kill('SIGTERM');
  const exits = await Promise.race([
    Promise.all(webs.map((w) => w.exit)),
    new Promise<null>((r) => setTimeout(() => r(null), 15_000)),
  ]);
  if (!exits) for (const w of webs) w.child.kill('SIGKILL');
  await push?.close();
  await db?.destroy();
  expect(exits, 'web processes did not stop within 15 s').not.toBeNull();
  expect((exits ?? []).filter((e) => e.code !== 0).map((e) => `${e.code}: ${e.out.slice(-2000)}`)).toEqual(
    [],
  );
}, 30_000);

describe('limits shared by two web processes on one database', () => {
  it('the contact form takes 5 a minute from one address, the 6th refused, requests alternating between the processes', async () => {
    const answers: { status: number; node: string; retryAfter: string | null; code?: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const node = nodeFor(i);
      const res = await fetch(`${node}/api/v1/support/contact-us`, {
        method: 'POST',
        headers: { ...viaBalancer('203.0.113.50'), 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'twice@example.com', type: 'Other', message: `hello ${i}` }),
      });
      const body = (await res.json()) as { code?: string };
      answers.push({ status: res.status, node, retryAfter: res.headers.get('retry-after'), code: body.code });
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // Both processes accepted and both refused: one count, not one per process.
    const [web1, web2] = webs.map((w) => w.url);
    for (const node of [web1, web2]) {
      expect(answers.some((a) => a.node === node && a.status === 200)).toBe(true);
      expect(answers.some((a) => a.node === node && a.status === 429)).toBe(true);
    }
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.code).toBe('RATE_LIMITED');
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    const stored = await db
      .selectFrom('support_messages')
      .select('id')
      .where('email', '=', 'twice@example.com')
      .execute();
    expect(stored).toHaveLength(5);
    // Another client address has its own count, on either process.
    const other = await fetch(`${nodeFor(1)}/api/v1/support/contact-us`, {
      method: 'POST',
      headers: { ...viaBalancer('203.0.113.51'), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'other@example.com', type: 'Other', message: 'hi' }),
    });
    expect(other.status).toBe(200);
  });

  it('test pushes: 5 per 10 minutes per account, whatever the source address and whichever process', async () => {
    const signIn = async (email: string) => {
      await createUser(db, { email, password: PASSWORD, emailVerified: true });
      return (await oidcLogin({ baseUrl: publicUrl, email, password: PASSWORD })).access_token;
    };
    const token = await signIn('pusher@example.com');
    const device = await apiClient(publicUrl, token).post(
      '/api/v1/account/push/devices',
      push.device('pusher'),
    );
    expect(device.status).toBe(201);
    const id = device.body.data.id as string;

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // A fresh source address every time, as a client rotating addresses would have.
      const client = `198.51.100.${i + 1}`;
      const res = await apiClient(nodeFor(i), token).request(
        'POST',
        `/api/v1/account/push/devices/${id}/test`,
        undefined,
        viaBalancer(client),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429, 429, 429, 429, 429, 429]);
    // Queued: exactly the five accepted.
    const queued = await db
      .selectFrom('message_outbox')
      .select('id')
      .where('dedupe_key', 'like', `push-test:${id}:%`)
      .execute();
    expect(queued).toHaveLength(5);

    // Another account's test push, from an address the first one used, is not affected.
    const otherToken = await signIn('other-pusher@example.com');
    const otherDevice = await apiClient(publicUrl, otherToken).post(
      '/api/v1/account/push/devices',
      push.device('other-pusher'),
    );
    const otherTest = await apiClient(nodeFor(1), otherToken).request(
      'POST',
      `/api/v1/account/push/devices/${otherDevice.body.data.id}/test`,
      undefined,
      viaBalancer('198.51.100.12'),
    );
    expect(otherTest.status).toBe(202);
  });
});
