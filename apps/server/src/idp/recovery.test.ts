import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordMessages } from '../platform/password-policy.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { actionOf, browser, refresh } from '../test/idp-browser.ts';
import { oidcLogin } from '../test/oidc-login.ts';
import { createUser } from './index.ts';
import { RESETS_PER_ADDRESS_PER_HOUR, RESETS_PER_IP_PER_HOUR, recoveryMessages } from './recovery.ts';

/** Issue 18: "Forgot password?" on the built-in provider, driven over HTTP like a browser. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});
// Every test asks from 127.0.0.1: start each with a clean per-IP count.
beforeEach(async () => {
  await app.db.deleteFrom('idp_recovery_requests').execute();
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const OLD = 'rita-old-password-1';
const NEW = 'violet kettle harbour 9';

async function post(path: string, fields: Record<string, string>) {
  const res = await fetch(`${app.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text(), res };
}

const forgot = (email: string) => post('/oidc/forgot-password', { email });

async function mails(to: string, subject?: string) {
  let q = app.db.selectFrom('message_outbox').selectAll().where('recipient', '=', to);
  if (subject) q = q.where('subject', '=', subject);
  return q.orderBy('id').execute();
}

async function resetLink(to: string): Promise<string> {
  const [mail] = (await mails(to, 'Reset your Pria password')).slice(-1);
  const link = /https?:\/\/\S+\/oidc\/reset-password\?token=[\w-]+/.exec(mail?.text_body ?? '')?.[0];
  if (!link) throw new Error(`no reset link for ${to}`);
  return link;
}

/** The visible words of a page (markup and whitespace aside). */
const wordsOf = (html: string) =>
  html
    .replace(/<style>[^<]*<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('forgot password', () => {
  it('emails a single-use link that sets a new password, signs out everywhere and notifies', async () => {
    const { id } = await createUser(app.db, { email: 'rita@pria.test', password: OLD, emailVerified: true });
    const before = await oidcLogin({ baseUrl: app.url, email: 'rita@pria.test', password: OLD });

    // The sign-in page links to the request page.
    const b = browser(app);
    const login = await b.open();
    expect(login.html).toContain('href="/oidc/forgot-password"');
    expect(login.html).toContain('Forgot password?');
    const ask = await b.get(`${app.url}/oidc/forgot-password`);
    expect(ask.res.status).toBe(200);
    expect(ask.html).not.toMatch(/<script/i);
    expect(ask.res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const sent = await b.post(actionOf(ask.html, ask.url), { email: ' Rita@Pria.TEST ' });
    expect(sent.res.status).toBe(200);
    expect(sent.html).toContain(recoveryMessages.sent.replace("'", '&#39;'));

    // The email links to PUBLIC_URL; only the token's SHA-256 is stored, valid 30 minutes.
    const link = await resetLink('rita@pria.test');
    expect(link.startsWith(`${app.config.publicUrl}/oidc/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token') ?? '';
    const stored = await app.db
      .selectFrom('idp_email_tokens')
      .selectAll()
      .where('user_id', '=', id)
      .where('purpose', '=', 'reset-password')
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const minutes = (new Date(stored.expires_at).getTime() - new Date(stored.created_at).getTime()) / 60000;
    expect(minutes).toBeCloseTo(30, 0);

    const page = await b.get(link);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('Choose a new password');
    expect(page.html).not.toMatch(/<script/i);
    const action = actionOf(page.html, page.url);
    expect(action).toBe(`${app.url}/oidc/reset-password`);

    // Mismatch, a common password, a weak one: the sign-up rules and words, the link still good.
    const mismatch = await post('/oidc/reset-password', { token, password: NEW, confirmPassword: 'other' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.html).toContain('Passwords must match');
    const common = await post('/oidc/reset-password', {
      token,
      password: 'password123',
      confirmPassword: 'password123',
    });
    expect(common.status).toBe(400);
    expect(common.html).toContain(passwordMessages.tooCommon);
    const weak = await post('/oidc/reset-password', {
      token,
      password: 'rita2026',
      confirmPassword: 'rita2026',
    });
    expect(weak.html).toContain(passwordMessages.tooWeak);

    const done = await post('/oidc/reset-password', { token, password: NEW, confirmPassword: NEW });
    expect(done.status).toBe(303);
    expect(done.res.headers.get('location')).toBe(`${app.config.publicUrl}/login`);
    b.jar.store(done.res);

    // Every refresh token is gone; the old password is refused, the new one works.
    expect((await refresh(app, before.refresh_token ?? '')).body.error).toBe('invalid_grant');
    await expect(oidcLogin({ baseUrl: app.url, email: 'rita@pria.test', password: OLD })).rejects.toThrow();
    const after = await oidcLogin({ baseUrl: app.url, email: 'rita@pria.test', password: NEW });
    expect(after.access_token).toBeTruthy();

    // Back on the sign-in page: a confirmation, once.
    const confirmed = await b.open();
    expect(confirmed.html).toContain('role="status"');
    expect(confirmed.html).toContain(recoveryMessages.done);
    expect((await b.open()).html).not.toContain(recoveryMessages.done);

    // The notice, exactly once; the link does not work twice.
    const notices = await mails('rita@pria.test', 'Your Pria password was changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text_body).toContain('reset');
    const reuse = await b.get(link);
    expect(reuse.res.status).toBe(400);
    expect(reuse.html).toContain('invalid, expired or was already used');
    expect(reuse.html).toContain('href="/oidc/forgot-password"');
    const replay = await post('/oidc/reset-password', {
      token,
      password: 'another fresh phrase 7',
      confirmPassword: 'another fresh phrase 7',
    });
    expect(replay.status).toBe(400);
    expect(replay.html).toContain('invalid, expired or was already used');
    expect(await mails('rita@pria.test', 'Your Pria password was changed')).toHaveLength(1);
  });

  it('answers known, unknown, unverified and disabled addresses with the same page', async () => {
    await createUser(app.db, { email: 'known@pria.test', password: OLD, emailVerified: true });
    await createUser(app.db, { email: 'unverified@pria.test', password: OLD });
    await createUser(app.db, { email: 'disabled@pria.test', password: OLD });
    await app.db
      .updateTable('idp_users')
      .set({ disabled: true })
      .where('email', '=', 'disabled@pria.test')
      .execute();
    const pages = [];
    for (const email of [
      'known@pria.test',
      'nobody@pria.test',
      'unverified@pria.test',
      'disabled@pria.test',
    ]) {
      const t0 = performance.now();
      const r = await forgot(email);
      pages.push({ email, status: r.status, words: wordsOf(r.html), ms: performance.now() - t0 });
    }
    for (const p of pages) {
      expect(p.status).toBe(200);
      expect(p.words).toBe(pages[0]?.words);
      // Each answer takes at least the floor, whatever the address.
      expect(p.ms).toBeGreaterThanOrEqual(240);
    }
    expect(pages[0]?.words).toContain('If an account exists for that address, we&#39;ve sent a link');
    expect(await mails('known@pria.test', 'Reset your Pria password')).toHaveLength(1);
    expect(await mails('unverified@pria.test', 'Reset your Pria password')).toHaveLength(1);
    expect(await mails('nobody@pria.test')).toHaveLength(0);
    expect(await mails('disabled@pria.test')).toHaveLength(0);
  });

  it('refuses an expired link and a forged one with a way to ask again', async () => {
    await createUser(app.db, { email: 'late@pria.test', password: OLD });
    await forgot('late@pria.test');
    const link = await resetLink('late@pria.test');
    const token = new URL(link).searchParams.get('token') ?? '';
    // 31 minutes later (the database's clock decides expiry).
    await app.db
      .updateTable('idp_email_tokens')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', sha256(token))
      .execute();
    const expired = await fetch(link);
    expect(expired.status).toBe(400);
    const html = await expired.text();
    expect(html).toContain('Link expired');
    expect(html).toContain('Send me a new link');
    const late = await post('/oidc/reset-password', { token, password: NEW, confirmPassword: NEW });
    expect(late.status).toBe(400);
    await expect(oidcLogin({ baseUrl: app.url, email: 'late@pria.test', password: NEW })).rejects.toThrow();

    for (const forged of [`${token.slice(0, -2)}xx`, 'x'.repeat(5000), '', '%00']) {
      const r = await fetch(`${app.url}/oidc/reset-password?token=${encodeURIComponent(forged)}`);
      expect(r.status).toBe(400);
      expect(await r.text()).toContain('invalid, expired or was already used');
      const p = await post('/oidc/reset-password', { token: forged, password: NEW, confirmPassword: NEW });
      expect(p.status).toBe(400);
    }
    expect((await fetch(`${app.url}/oidc/reset-password?token=a&token=b`)).status).toBe(400);
    expect((await fetch(`${app.url}/oidc/reset-password`)).status).toBe(400);
  });

  it('gives clear messages for bad input, never a 500', async () => {
    for (const email of ['', 'x'.repeat(5000), 'not-an-email', 'a@b', '<script>@x.test']) {
      const r = await forgot(email);
      expect(r.status).toBe(400);
      expect(r.html).toContain('Enter a valid email address.');
      expect(r.html).not.toContain('<script>@');
    }
    const noBody = await fetch(`${app.url}/oidc/forgot-password`, { method: 'POST' });
    expect(noBody.status).toBeLessThan(500);
    const twice = await fetch(`${app.url}/oidc/forgot-password`, {
      method: 'POST',
      body: 'email=a%40pria.test&email=b%40pria.test',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(twice.status).toBe(400);

    await createUser(app.db, { email: 'input@pria.test', password: OLD });
    await forgot('input@pria.test');
    const token = new URL(await resetLink('input@pria.test')).searchParams.get('token') ?? '';
    const long = 'y'.repeat(5000);
    const tooLong = await post('/oidc/reset-password', { token, password: long, confirmPassword: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.html).toContain(passwordMessages.tooLong);
    const empty = await post('/oidc/reset-password', { token, password: '', confirmPassword: '' });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain(passwordMessages.tooShort);
  });

  it('limits requests per address and per client IP, with a clear message', async () => {
    await createUser(app.db, { email: 'busy@pria.test', password: OLD });
    for (let i = 0; i < RESETS_PER_ADDRESS_PER_HOUR; i++)
      expect((await forgot('busy@pria.test')).status).toBe(200);
    const limited = await forgot('BUSY@pria.test');
    expect(limited.status).toBe(429);
    expect(limited.html).toContain(recoveryMessages.addressThrottled);
    // The same for an unknown address (the limit says nothing about who has an account).
    for (let i = 0; i < RESETS_PER_ADDRESS_PER_HOUR; i++) await forgot('ghost@pria.test');
    expect((await forgot('ghost@pria.test')).html).toContain(recoveryMessages.addressThrottled);
    expect(await mails('busy@pria.test', 'Reset your Pria password')).toHaveLength(
      RESETS_PER_ADDRESS_PER_HOUR,
    );

    const { ip } = await app.db
      .selectFrom('idp_recovery_requests')
      .select('ip')
      .where('email', '=', 'busy@pria.test')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('idp_recovery_requests')
      .values(Array.from({ length: RESETS_PER_IP_PER_HOUR }, (_, i) => ({ email: `x${i}@pria.test`, ip })))
      .execute();
    const fromIp = await forgot('fresh@pria.test');
    expect(fromIp.status).toBe(429);
    expect(fromIp.html).toContain(recoveryMessages.ipThrottled);
  });

  it('does not bypass MFA: the second factor is still asked after a reset', async () => {
    await createUser(app.db, { email: 'mfa-reset@pria.test', password: OLD, emailVerified: true });
    await app.db
      .updateTable('idp_users')
      .set({ mfa_type: 'email', mfa_enrolled_at: new Date() })
      .where('email', '=', 'mfa-reset@pria.test')
      .execute();
    await forgot('mfa-reset@pria.test');
    const token = new URL(await resetLink('mfa-reset@pria.test')).searchParams.get('token') ?? '';
    expect((await post('/oidc/reset-password', { token, password: NEW, confirmPassword: NEW })).status).toBe(
      303,
    );
    const { mfa_type } = await app.db
      .selectFrom('idp_users')
      .select('mfa_type')
      .where('email', '=', 'mfa-reset@pria.test')
      .executeTakeFirstOrThrow();
    expect(mfa_type).toBe('email');
    let asked = false;
    await expect(
      oidcLogin({
        baseUrl: app.url,
        email: 'mfa-reset@pria.test',
        password: NEW,
        otp: () => {
          asked = true;
          return '000000';
        },
      }),
    ).rejects.toThrow();
    expect(asked).toBe(true);
  });
});
