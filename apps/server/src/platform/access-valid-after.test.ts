import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../idp/index.ts';
import { apiClient } from '../test/api-client.ts';
import { freePort } from '../test/free-port.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { refresh } from '../test/idp-browser.ts';
import { oidcLogin } from '../test/oidc-login.ts';
import { ACCESS_CHECK_TTL_MS, createAccessCheck, endAccessTokens } from './access-valid-after.ts';
import type { Principal } from './auth.ts';

/**
 * Revocation that means it (issue 30, ADR 23): whatever ends a session also ends every access
 * token issued before it, over HTTP, with real tokens from the built-in provider. (MFA changes:
 * idp/mfa.test.ts; a staff disable, re-enable and role change: modules/admin/admin-staff.test.ts.)
 */
let t: TestApp;
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'correct horse 1';

async function customer(email: string) {
  await createUser(t.db, { email, password: PASSWORD, roles: ['customer'], emailVerified: true });
  const tokens = await oidcLogin({ baseUrl: t.url, email, password: PASSWORD });
  return { tokens, api: apiClient(t.url, tokens.access_token) };
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.stop());

describe('a password change', () => {
  it('ends the access token in use (and every other) at the next call; a new sign-in works at once', async () => {
    const { api } = await customer('pw@pria.test');
    const other = apiClient(
      t.url,
      (await oidcLogin({ baseUrl: t.url, email: 'pw@pria.test', password: PASSWORD })).access_token,
    );
    expect((await other.get('/api/v1/customers/me')).status).toBe(200);
    const changed = await api.put('/api/v1/customers/change-password', {
      password: 'new password 2',
      confirmPassword: 'new password 2',
    });
    expect(changed.status).toBe(200);
    for (const old of [api, other]) {
      const res = await old.get('/api/v1/customers/me');
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Invalid Token');
    }
    const fresh = await oidcLogin({ baseUrl: t.url, email: 'pw@pria.test', password: 'new password 2' });
    expect((await apiClient(t.url, fresh.access_token).get('/api/v1/customers/me')).status).toBe(200);
  });
});

describe('a password reset by email link', () => {
  it('ends the access tokens issued before it', async () => {
    const { api } = await customer('reset@pria.test');
    expect((await api.get('/api/v1/cards')).status).toBe(200);
    await fetch(`${t.url}/oidc/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'reset@pria.test' }),
    });
    const mail = await t.db
      .selectFrom('message_outbox')
      .select('text_body')
      .where('recipient', '=', 'reset@pria.test')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = new URL(
      /https?:\/\/\S+\/oidc\/reset-password\?token=\S+/.exec(mail.text_body)?.[0] ?? '',
    ).searchParams.get('token');
    const done = await fetch(`${t.url}/oidc/reset-password`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: token ?? '',
        password: 'brand new words 3',
        confirmPassword: 'brand new words 3',
      }),
    });
    expect(done.status).toBe(303);
    expect((await api.get('/api/v1/cards')).status).toBe(401);
  });
});

describe('sign out everywhere (Account → Security)', () => {
  it("ends this token, another device's token and every refresh token", async () => {
    const { api, tokens } = await customer('everywhere@pria.test');
    const phone = await oidcLogin({ baseUrl: t.url, email: 'everywhere@pria.test', password: PASSWORD });
    const phoneApi = apiClient(t.url, phone.access_token);
    expect((await phoneApi.get('/api/v1/customers/me')).status).toBe(200);
    // The check an open tab makes every minute (issue 29): yes while the session stands.
    expect((await phoneApi.get('/api/v1/account/session')).body.data).toEqual({ signedIn: true });

    const res = await api.post('/api/v1/account/sign-out-everywhere');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Signed out on every device. Please log in again.');
    expect((await api.get('/api/v1/customers/me')).status).toBe(401);
    expect((await phoneApi.get('/api/v1/customers/me')).status).toBe(401);
    expect((await phoneApi.get('/api/v1/account/session')).status).toBe(401);
    for (const r of [tokens.refresh_token, phone.refresh_token]) {
      expect((await refresh(t, r ?? '')).body.error).toBe('invalid_grant');
    }
    const events = await t.db
      .selectFrom('event_log')
      .select('message')
      .where('message', '=', 'signed out everywhere')
      .execute();
    expect(events).toHaveLength(1);
    // Signing in again works at once.
    const again = await oidcLogin({ baseUrl: t.url, email: 'everywhere@pria.test', password: PASSWORD });
    expect((await apiClient(t.url, again.access_token).get('/api/v1/customers/me')).status).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    expect((await apiClient(t.url).post('/api/v1/account/sign-out-everywhere')).status).toBe(401);
  });
});

// A second server process starts inside the test.
describe('other processes', { timeout: 120_000 }, () => {
  it('refuse a revoked token before their cache runs out: the revocation is announced to them', async () => {
    // Another web process on the same database, accepting this app's tokens (as a second web
    // process behind the load balancer would).
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(serverRoot, 'src', 'main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: t.databaseUrl,
        OIDC_ISSUER: t.config.oidc.issuer,
        OIDC_AUDIENCE: t.config.oidc.audience,
        PRIA_JOBS: 'false',
        LOG_LEVEL: 'error',
      },
      stdio: 'ignore',
    });
    try {
      const there = `http://127.0.0.1:${port}`;
      // Up to a minute: a busy machine starts a server slowly.
      for (let i = 0; i < 300; i++) {
        if ((await fetch(`${there}/readyz`).catch(() => null))?.status === 200) break;
        await sleep(200);
      }
      const { api, tokens } = await customer('two-procs@pria.test');
      const other = apiClient(there, tokens.access_token);
      expect((await other.get('/api/v1/cards')).status).toBe(200);
      expect((await api.post('/api/v1/account/sign-out-everywhere')).status).toBe(200);
      // The other process read "no revocation" a moment ago and trusts that read for
      // ACCESS_CHECK_TTL_MS; it hears of the revocation long before (ADR 51).
      const heardBy = Date.now() + ACCESS_CHECK_TTL_MS - 1_500;
      let status = 200;
      while (status !== 401 && Date.now() < heardBy) {
        status = (await other.get('/api/v1/cards')).status;
        if (status !== 401) await sleep(50);
      }
      expect(status).toBe(401);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });
});

describe('the check', () => {
  const who = (subject: string, issuedAtMs: number | null): Principal => ({
    issuer: 'x',
    subject,
    email: null,
    emailVerified: false,
    roles: [],
    permissions: new Set(),
    amr: [],
    authTime: null,
    issuedAtMs,
  });

  it('accepts tokens issued after the instant, refuses those before, and those that do not say when', async () => {
    const check = createAccessCheck(t.appDb, { ttlMs: 0 });
    const subject = `auth|check-${Date.now()}`;
    expect(await check(who(subject, null))).toBe(true);
    const before = Date.now() - 1;
    await endAccessTokens(t.appDb, subject, 'signed_out_everywhere');
    expect(await check(who(subject, before))).toBe(false);
    expect(await check(who(subject, null))).toBe(false);
    expect(await check(who(subject, Date.now() + 1))).toBe(true);
  });

  it("accepts a built-in token while its generation is not below its subject's", async () => {
    const check = createAccessCheck(t.appDb, { ttlMs: 0 });
    const subject = `auth|gen-${Date.now()}`;
    const built = (generation: number) => ({ ...who(subject, Date.now() - 60_000), generation });
    expect(await check(built(0))).toBe(true);
    expect(await endAccessTokens(t.appDb, subject, 'signed_out_everywhere')).toBe(1);
    expect(await check(built(0))).toBe(false);
    // However late it was issued: its chain began before the revocation.
    expect(await check({ ...built(0), issuedAtMs: Date.now() + 60_000 })).toBe(false);
    expect(await check(built(1))).toBe(true);
    expect(await endAccessTokens(t.appDb, subject, 'password_changed')).toBe(2);
    expect(await check(built(1))).toBe(false);
  });

  it('trusts a read for its short life only, when no announcement comes', async () => {
    const check = createAccessCheck(t.appDb, { ttlMs: 200 });
    const subject = `auth|ttl-${Date.now()}`;
    const built = { ...who(subject, Date.now()), generation: 0 };
    expect(await check(built)).toBe(true);
    // Written behind the app's back (no announcement): seen once the read is too old.
    await t.db
      .insertInto('access_valid_after')
      .values({ subject, valid_after: new Date(), reason: 'signed_out_everywhere', generation: 1 })
      .execute();
    await sleep(250);
    expect(await check(built)).toBe(false);
  });

  it('never moves the instant back', async () => {
    const subject = `auth|back-${Date.now()}`;
    await endAccessTokens(t.appDb, subject, 'password_changed');
    const first = await t.db
      .selectFrom('access_valid_after')
      .select('valid_after')
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('access_valid_after')
      .set({ valid_after: new Date(Date.now() + 60_000) })
      .where('subject', '=', subject)
      .execute();
    await endAccessTokens(t.appDb, subject, 'mfa_changed');
    const after = await t.db
      .selectFrom('access_valid_after')
      .select(['valid_after', 'reason'])
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow();
    expect(after.valid_after.getTime()).toBeGreaterThan(first.valid_after.getTime() + 30_000);
    expect(after.reason).toBe('mfa_changed');
  });
});
