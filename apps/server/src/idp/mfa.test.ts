import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessageTo } from '../test/account-session.ts';
import { apiClient } from '../test/api-client.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { oidcLogin } from '../test/oidc-login.ts';
import { createUser } from './index.ts';
import { MFA_MAX_ATTEMPTS } from './mfa.ts';
import { base32Decode, totp } from './totp.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const PASSWORD = 'correct horse 1';

async function signIn(email: string, otp?: (page: { html: string }) => string | Promise<string>) {
  return oidcLogin({ baseUrl: app.url, email, password: PASSWORD, otp });
}

async function newCustomer(email: string, phone?: string) {
  const { id } = await createUser(app.db, { email, password: PASSWORD, emailVerified: true });
  const tokens = await signIn(email);
  const api = apiClient(app.url, tokens.access_token);
  if (phone) {
    const res = await api.put('/api/v1/customers/me', {
      firstName: 'Test',
      lastName: 'User',
      phone,
      address: { postalCode: '10001' },
    });
    expect(res.status).toBe(200);
  }
  return { id, api, tokens };
}

async function form(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text() };
}

const sixDigits = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

async function enrolmentTicket(api: ReturnType<typeof apiClient>) {
  const res = await api.post('/api/v1/mfa?status=true');
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('MFA Enabled');
  const url = new URL(res.body.data.url);
  expect(url.pathname).toBe('/oidc/mfa/enroll');
  return { url: url.toString(), ticket: url.searchParams.get('ticket') ?? '' };
}

/** A cookie-keeping browser, stopped on the code page, for the wrong-code paths. */
async function openCodePage(email: string) {
  const cookies = new Map<string, string>();
  const jar = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const go = async (url: string, body?: Record<string, string>) => {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body: body ? new URLSearchParams(body) : undefined,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      redirect: 'manual',
    });
    jar(res);
    let r = res;
    let at = url;
    while (r.status >= 300 && r.status < 400) {
      at = new URL(r.headers.get('location') ?? '', at).toString();
      if (at.startsWith(`${app.url}/auth/callback`)) return { status: 302, html: '', url: at };
      r = await fetch(at, {
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        redirect: 'manual',
      });
      jar(r);
    }
    return { status: r.status, html: await r.text(), url: at };
  };
  const verifier = randomBytes(32).toString('base64url');
  const auth = new URL(`${app.url}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: 'pria-web',
    response_type: 'code',
    scope: 'openid email',
    redirect_uri: `${app.url}/auth/callback`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: app.config.oidc.audience,
  }).toString();
  const login = await go(auth.toString());
  const action = (html: string, base: string) =>
    new URL((/<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '').replace(/&amp;/g, '&'), base).toString();
  const page = await go(action(login.html, login.url), { email, password: PASSWORD });
  return { page, go, submit: (code: string) => go(action(page.html, page.url), { code }) };
}

describe('MFA with an authenticator app', () => {
  it('enrols through the ticket page, then asks for a fresh code at every sign-in', async () => {
    const { api } = await newCustomer('totp@pria.test');
    expect((await api.get('/api/v1/mfa')).body.data).toEqual([]);
    const { url, ticket } = await enrolmentTicket(api);

    const choose = await fetch(url);
    const chooseHtml = await choose.text();
    expect(choose.status).toBe(200);
    expect(chooseHtml).toContain('Authenticator app');
    expect(chooseHtml).toContain('Add a phone number to your profile first.');
    expect(chooseHtml).not.toMatch(/<script/i);
    expect(choose.headers.get('cache-control')).toBe('no-store');

    const qr = await form(`${app.url}/oidc/mfa/enroll`, { ticket, method: 'authenticator' });
    expect(qr.status).toBe(200);
    expect(qr.html).toMatch(/<svg[^>]*>/);
    expect(qr.html).toContain('<label for="code">');
    const secret = /<code class="secret"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(qr.html)?.[1] ?? '';
    const key = base32Decode(secret);
    expect(key).toHaveLength(20);

    const wrong = await form(`${app.url}/oidc/mfa/enroll/confirm`, {
      ticket,
      code: '000000' === totp(key, Date.now()) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('role="alert"');
    expect(wrong.html).toContain(secret);

    const done = await form(`${app.url}/oidc/mfa/enroll/confirm`, { ticket, code: totp(key, Date.now()) });
    expect(done.status).toBe(200);
    expect(done.html).toContain('Two-factor authentication is on');
    // The ticket was single use.
    expect((await fetch(url)).status).toBe(400);
    // Turning MFA on ended every session and token from before (issue 30): the old token is refused.
    expect((await api.get('/api/v1/mfa')).status).toBe(401);
    const stored = await app.db
      .selectFrom('idp_users')
      .select(['mfa_totp_secret', 'mfa_type'])
      .where('email', '=', 'totp@pria.test')
      .executeTakeFirstOrThrow();
    expect(stored.mfa_totp_secret).toMatch(/^v1\./);
    expect(stored.mfa_totp_secret).not.toContain(secret.replace(/ /g, ''));
    // The security notice, once (issue 18): a customer_notices row and its email.
    const notices = await app.db
      .selectFrom('customer_notices')
      .select('type')
      .where('type', '=', 'security.mfa_enabled')
      .execute();
    expect(notices).toHaveLength(1);
    expect(await lastMessageTo(app.db, 'totp@pria.test')).toContain(
      'Two-factor authentication was just turned on',
    );

    // The enrolment code's step is spent: sign in with the next step's code (accepted as drift).
    const nextCode = totp(key, Date.now() + 30_000);
    const tokens = await signIn('totp@pria.test', () => nextCode);
    expect(decodeJwt(tokens.access_token).amr).toEqual(['pwd', 'mfa', 'otp']);
    expect((await apiClient(app.url, tokens.access_token).get('/api/v1/mfa')).body.data).toEqual([
      { status: 'confirmed', type: 'authenticator' },
    ]);
    expect(decodeJwt(tokens.id_token ?? '').amr).toEqual(['pwd', 'mfa', 'otp']);
    // The same code never works twice, and the page says why (a walk: "That code is not right"
    // for the code after setting the app up, in the same 30 s, and the app looked broken).
    await expect(signIn('totp@pria.test', () => nextCode)).rejects.toThrow(
      /\(401\): That code was used already\. Please wait for the next code in your app/,
    );
    // A wrong code is still a wrong code.
    const wrongCode = nextCode === '000000' ? '111111' : '000000';
    await expect(signIn('totp@pria.test', () => wrongCode)).rejects.toThrow(
      /\(401\): That code is not right/,
    );
    // Without a second factor the password alone does not get a token.
    await expect(signIn('totp@pria.test')).rejects.toThrow(/did not reach the app/);
  });

  it('gives ten recovery codes once, hashed at rest, each signing in once; the tap-to-add link (issue 29)', async () => {
    const { api } = await newCustomer('recovery@pria.test');
    const { ticket } = await enrolmentTicket(api);
    const qr = await form(`${app.url}/oidc/mfa/enroll`, { ticket, method: 'authenticator' });
    const secret = /<code class="secret"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(qr.html)?.[1] ?? '';
    // On a phone, a tap opens the authenticator app with the account (otpauth://).
    expect(qr.html).toContain(
      `href="otpauth://totp/Pria:recovery%40pria.test?secret=${secret.replace(/ /g, '')}`,
    );
    const key = base32Decode(secret);
    const done = await form(`${app.url}/oidc/mfa/enroll/confirm`, { ticket, code: totp(key, Date.now()) });
    const codes = [...done.html.matchAll(/<li><code>([a-z2-7]{5}-[a-z2-7]{5})<\/code><\/li>/g)].map(
      (m) => m[1] ?? '',
    );
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(done.html).toContain('We will not show them again.');

    const mine = app.db
      .selectFrom('idp_recovery_codes as r')
      .innerJoin('idp_users as u', 'u.id', 'r.user_id')
      .where('u.email', '=', 'recovery@pria.test');
    const rows = await mine.select('r.code_hash').execute();
    expect(rows).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(rows)).not.toContain(code.replace('-', ''));

    // The sign-in's second step offers the recovery code and takes one, any case, dashes or not.
    const first = await openCodePage('recovery@pria.test');
    expect(first.page.html).toContain('Use a recovery code');
    const recoveryUrl = `${first.page.url}/recovery`;
    expect((await first.go(recoveryUrl)).html).toContain('Recovery code');
    const wrong = await first.go(recoveryUrl, { code: 'aaaaa-aaaaa' });
    expect(wrong.status).toBe(401);
    const ok = await first.go(recoveryUrl, { code: (codes[0] ?? '').toUpperCase().replace('-', '') });
    expect(ok.url.startsWith(`${app.url}/auth/callback`)).toBe(true);
    // The owner hears of it, with the codes left (a code in other hands needs no phone).
    const notices = await app.db
      .selectFrom('message_outbox')
      .select(['channel', 'text_body'])
      .where('recipient', '=', 'recovery@pria.test')
      .where('subject', '=', 'A recovery code was used to sign in to your Pria account')
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text_body).toContain('9 recovery codes left');
    expect(notices[0]?.text_body).toContain(`${app.url}/dashboard/account/security`);

    // A used code does not work again.
    const again = await openCodePage('recovery@pria.test');
    const reused = await again.go(`${again.page.url}/recovery`, { code: codes[0] ?? '' });
    expect(reused.status).toBe(401);
    expect(reused.html).toContain('used already');
    const left = await mine.select('r.id').where('r.used_at', 'is', null).execute();
    expect(left).toHaveLength(9);
    // A refused code tells nobody anything: still the one notice.
    const after = await app.db
      .selectFrom('message_outbox')
      .select('id')
      .where('recipient', '=', 'recovery@pria.test')
      .where('subject', '=', 'A recovery code was used to sign in to your Pria account')
      .execute();
    expect(after).toHaveLength(1);
  });

  it('restarts the sign-in after too many wrong codes', async () => {
    const { api } = await newCustomer('totp-wrong@pria.test');
    const { ticket } = await enrolmentTicket(api);
    const qr = await form(`${app.url}/oidc/mfa/enroll`, { ticket, method: 'authenticator' });
    const key = base32Decode(/<code class="secret"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(qr.html)?.[1] ?? '');
    expect(
      (await form(`${app.url}/oidc/mfa/enroll/confirm`, { ticket, code: totp(key, Date.now()) })).status,
    ).toBe(200);

    const { page, submit } = await openCodePage('totp-wrong@pria.test');
    expect(page.html).toContain('authenticator app');
    const right = totp(key, Date.now() + 30_000);
    const bad = right === '123456' ? '654321' : '123456';
    for (let i = 1; i < MFA_MAX_ATTEMPTS; i++) expect((await submit(bad)).status).toBe(401);
    const last = await submit(bad);
    expect(last.status).toBe(429);
    expect(last.html).toContain('Please log in again');
    // Even the right code is refused now: the password step must be repeated.
    const after = await submit(right);
    expect(after.status).not.toBe(302);
  });
});

describe('MFA by SMS and email', () => {
  it('enrols the profile phone, signs in with a code read from the outbox, then turns off', async () => {
    const { api } = await newCustomer('sms@pria.test', '2025550111');
    const { ticket } = await enrolmentTicket(api);
    const choose = await form(`${app.url}/oidc/mfa/enroll`, { ticket, method: 'sms' });
    expect(choose.status).toBe(200);
    expect(choose.html).toContain('•••• 0111');
    const enrolCode = sixDigits(await lastMessageTo(app.db, '+12025550111'));
    expect(enrolCode).toMatch(/^\d{6}$/);
    expect((await form(`${app.url}/oidc/mfa/enroll/confirm`, { ticket, code: enrolCode })).status).toBe(200);
    expect((await api.get('/api/v1/mfa')).status).toBe(401);

    const tokens = await signIn('sms@pria.test', async ({ html }) => {
      expect(html).toContain('•••• 0111');
      return sixDigits(await lastMessageTo(app.db, '+12025550111'));
    });
    const claims = decodeJwt(tokens.access_token);
    expect(claims.amr).toContain('mfa');
    expect(claims.amr).toContain('otp');
    const codes = await app.db.selectFrom('idp_mfa_challenges').select('code_hash').execute();
    expect(codes.every((c) => !c.code_hash || /^[0-9a-f]{16}\$[0-9a-f]{64}$/.test(c.code_hash))).toBe(true);

    const fresh = apiClient(app.url, tokens.access_token);
    expect((await fresh.get('/api/v1/mfa')).body.data).toEqual([{ status: 'confirmed', type: 'sms' }]);
    const off = await fresh.post('/api/v1/mfa?status=false');
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('MFA Disabled');
    // Turning it off ends every session and token from before too.
    expect((await fresh.get('/api/v1/mfa')).status).toBe(401);
    const plain = await signIn('sms@pria.test');
    expect(decodeJwt(plain.access_token).amr).toEqual(['pwd']);
    expect((await apiClient(app.url, plain.access_token).get('/api/v1/mfa')).body.data).toEqual([]);
  });

  it('enrols email, and a used sign-in code does not work twice', async () => {
    const { api } = await newCustomer('mail2fa@pria.test');
    const { ticket } = await enrolmentTicket(api);
    const choose = await form(`${app.url}/oidc/mfa/enroll`, { ticket, method: 'email' });
    expect(choose.html).toContain('Check your email');
    const code = sixDigits(await lastMessageTo(app.db, 'mail2fa@pria.test'));
    expect((await form(`${app.url}/oidc/mfa/enroll/confirm`, { ticket, code })).status).toBe(200);

    let used = '';
    await signIn('mail2fa@pria.test', async () => {
      used = sixDigits(await lastMessageTo(app.db, 'mail2fa@pria.test'));
      return used;
    });
    const { submit } = await openCodePage('mail2fa@pria.test');
    const fresh = sixDigits(await lastMessageTo(app.db, 'mail2fa@pria.test'));
    if (fresh !== used) expect((await submit(used)).status).toBe(401);
    expect((await submit(fresh)).status).toBe(302);
  });

  it('refuses SMS enrolment without a profile phone and needs a recent sign-in to change MFA', async () => {
    const { id, api } = await newCustomer('nophone@pria.test');
    const { ticket } = await enrolmentTicket(api);
    const sms = await form(`${app.url}/oidc/mfa/enroll`, { ticket, method: 'sms' });
    expect(sms.status).toBe(400);
    expect(sms.html).toContain('Add a phone number to your profile first');

    // A token refreshed from a sign-in an hour ago cannot turn MFA on or off.
    const { refresh_token } = await signIn('nophone@pria.test');
    await app.db
      .updateTable('oidc_payloads')
      .set((eb) => ({
        payload: eb.fn('jsonb_set', [
          eb.ref('payload'),
          eb.val('{authTime}'),
          eb.val(String(Math.floor(Date.now() / 1000) - 3600)),
        ]),
      }))
      .where('type', '=', 'RefreshToken')
      .where('account_id', '=', id)
      .execute();
    const res = await fetch(`${app.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refresh_token ?? '',
        client_id: 'pria-web',
      }),
    });
    const old = (await res.json()) as { access_token: string };
    const stale = apiClient(app.url, old.access_token);
    for (const status of ['true', 'false']) {
      const r = await stale.post(`/api/v1/mfa?status=${status}`);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('REAUTHENTICATE');
    }
    expect((await stale.get('/api/v1/mfa')).status).toBe(200);
  });
});
