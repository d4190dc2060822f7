import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../test/api-client.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { type LocalOidcProvider, startLocalOidcProvider } from '../../test/local-oidc-provider.ts';
import { CookieJar, oidcLogin } from '../../test/oidc-login.ts';
import { createUser } from '../users.ts';
import { socialMessages } from './accounts.ts';
import { openState, SOCIAL_COOKIE, sealState } from './state.ts';

/**
 * "Continue with Google" end to end over real HTTP: a browser stand-in (cookies, redirects by
 * hand) signs in to Pria's built-in provider through a local upstream OpenID provider standing
 * in for Google, and gets Pria's tokens.
 */
function browser(app: TestApp) {
  const jar = new CookieJar();
  const redirectUri = `${app.url}/auth/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const visited: string[] = [];
  const go = async (url: string) => {
    visited.push(url);
    // One jar for both hosts is enough here: the upstream stand-in sets no cookies.
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  const follow = async (startUrl: string) => {
    let url = startUrl;
    let res = await go(url);
    for (let hops = 0; hops < 12 && res.status >= 300 && res.status < 400; hops++) {
      url = new URL(res.headers.get('location') ?? '', url).toString();
      if (url.startsWith(redirectUri)) return { status: res.status, url, html: '' };
      res = await go(url);
    }
    return { status: res.status, url, html: await res.text() };
  };
  return {
    jar,
    visited,
    async open() {
      const auth = new URL(`${app.url}/oidc/auth`);
      auth.search = new URLSearchParams({
        client_id: 'pria-web',
        response_type: 'code',
        scope: 'openid profile email offline_access',
        redirect_uri: redirectUri,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        resource: app.config.oidc.audience,
        state: 'app-state',
      }).toString();
      return follow(auth.toString());
    },
    follow,
    async post(url: string, fields: Record<string, string>) {
      visited.push(url);
      const res = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams(fields),
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      });
      jar.store(res);
      return { status: res.status, url, html: await res.text() };
    },
    async exchange(callbackUrl: string) {
      const res = await fetch(`${app.url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: new URL(callbackUrl).searchParams.get('code') ?? '',
          redirect_uri: redirectUri,
          client_id: 'pria-web',
          code_verifier: verifier,
          resource: app.config.oidc.audience,
        }),
      });
      return (await res.json()) as { access_token: string; id_token: string };
    },
  };
}

const googleHref = (html: string, base: string) => {
  const m = /<a class="button social" href="([^"]+)">Continue with Google<\/a>/.exec(html);
  if (!m?.[1]) throw new Error(`no Google button in ${html.slice(0, 400)}`);
  return new URL(m[1].replace(/&amp;/g, '&'), base).toString();
};

const formAction = (html: string, base: string) => {
  const m = /<form[^>]*action="([^"]+)"/i.exec(html);
  if (!m?.[1]) throw new Error(`no form in ${html.slice(0, 300)}`);
  return new URL(m[1].replace(/&amp;/g, '&'), base).toString();
};

const unescapeHtml = (html: string) =>
  html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('social sign-in (Google through a local upstream)', () => {
  let google: LocalOidcProvider;
  let app: TestApp;
  const text = socialMessages('Google');

  beforeAll(async () => {
    google = await startLocalOidcProvider();
    app = await startTestApp({
      GOOGLE_CLIENT_ID: 'pria-google-client',
      GOOGLE_CLIENT_SECRET: 'pria-google-secret',
      GOOGLE_ISSUER: google.issuer,
    });
    google.addClient({
      clientId: 'pria-google-client',
      clientSecret: 'pria-google-secret',
      redirectUris: [`${app.url}/oidc/social/google/callback`],
    });
  });
  afterAll(async () => {
    await app?.stop();
    await google?.close();
  });

  /** Opens Pria's sign-in, presses "Continue with Google" and follows every redirect. */
  async function continueWithGoogle(as: Parameters<LocalOidcProvider['signInAs']>[0]) {
    const b = browser(app);
    const page = await b.open();
    expect(page.status).toBe(200);
    google.signInAs(as);
    const end = await b.follow(googleHref(page.html, page.url));
    return { b, page, end };
  }

  it('shows only the configured social buttons, as plain links', async () => {
    const page = await browser(app).open();
    expect(page.html).toContain('Continue with Google');
    expect(page.html).not.toContain('Continue with Facebook');
    // No inline script or handler (the CSP forbids them); only our own script files (passkeys).
    expect(page.html).not.toMatch(/onclick=/i);
    expect(page.html).not.toMatch(/<script(?![^>]*\ssrc="\/oidc\/assets\/)/i);
  });

  it('signs a new user in with Google: a google-oauth2| account without a password', async () => {
    const sub = `10${randomBytes(8).toString('hex')}`;
    const { b, end } = await continueWithGoogle({ sub, email: 'Gina@Gmail.example', email_verified: true });
    expect(end.url).toMatch(new RegExp(`^${app.url}/auth/callback\\?code=`));
    // It went through the upstream with PKCE and came back on the one registered callback.
    expect(b.visited.some((u) => u.startsWith(`${google.origin}/authorize?`))).toBe(true);
    const authorize = new URL(b.visited.find((u) => u.startsWith(`${google.origin}/authorize?`)) ?? '');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(b.jar.cookies.has(SOCIAL_COOKIE)).toBe(false);

    const tokens = await b.exchange(end.url);
    const claims = decodeJwt(tokens.access_token);
    expect(claims.sub).toBe(`google-oauth2|${sub}`);
    expect(claims.email).toBe('gina@gmail.example');
    expect(claims.email_verified).toBe(true);
    expect(claims.amr).toEqual(['fed']);

    const row = await app.db
      .selectFrom('idp_users')
      .selectAll()
      .where('id', '=', `google-oauth2|${sub}`)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();

    // The API sees a social login: its record exists, a password change is refused.
    const api = apiClient(app.url, tokens.access_token);
    expect((await api.get('/api/v1/customers/me')).status).toBe(200);
    const change = await api.put('/api/v1/customers/change-password', {
      password: 'a-brand-new-password',
      confirmPassword: 'a-brand-new-password',
    });
    expect(change.status).toBe(403);

    // Password sign-in for it is refused like any wrong password (no crash, no hint).
    const pb = browser(app);
    const login = await pb.open();
    const refused = await pb.post(formAction(login.html, login.url), {
      email: 'gina@gmail.example',
      password: 'anything-at-all',
    });
    expect(refused.status).toBe(401);
    expect(refused.html).toContain('Wrong email or password.');

    // Signing in again with Google lands on the same account.
    const again = await continueWithGoogle({ sub, email: 'gina@gmail.example', email_verified: true });
    expect(decodeJwt((await again.b.exchange(again.end.url)).access_token).sub).toBe(`google-oauth2|${sub}`);
  });

  it('does not link an unverified Google email to an existing password account', async () => {
    const { id } = await createUser(app.db, {
      email: 'paula@example.com',
      password: 'paula-password-1',
      emailVerified: true,
    });
    const sub = `20${randomBytes(8).toString('hex')}`;
    const { end } = await continueWithGoogle({ sub, email: 'paula@example.com', email_verified: false });
    expect(end.status).toBe(409);
    expect(unescapeHtml(end.html)).toContain(text.unverifiedEmail);
    expect(end.html).toContain('Continue with Google');
    const created = await app.db
      .selectFrom('idp_users')
      .select('id')
      .where('id', '=', `google-oauth2|${sub}`)
      .executeTakeFirst();
    expect(created).toBeUndefined();
    // The password account is untouched and still signs in with its password.
    const tokens = await oidcLogin({
      baseUrl: app.url,
      email: 'paula@example.com',
      password: 'paula-password-1',
    });
    expect(decodeJwt(tokens.access_token).sub).toBe(id);
  });

  it('does not link to a password account whose own email was never verified', async () => {
    await createUser(app.db, { email: 'early@example.com', password: 'early-password-1' });
    const { end } = await continueWithGoogle({
      sub: `30${randomBytes(8).toString('hex')}`,
      email: 'early@example.com',
      email_verified: true,
    });
    expect(end.status).toBe(409);
    expect(unescapeHtml(end.html)).toContain(text.localUnverified);
  });

  it('signs a verified Google email in to the existing verified password account', async () => {
    const { id } = await createUser(app.db, {
      email: 'lena@example.com',
      password: 'lena-password-1',
      emailVerified: true,
    });
    const { b, end } = await continueWithGoogle({
      sub: `40${randomBytes(8).toString('hex')}`,
      email: 'lena@example.com',
      email_verified: true,
    });
    const tokens = await b.exchange(end.url);
    expect(decodeJwt(tokens.access_token).sub).toBe(id);
  });

  it('refuses a callback without its browser state, or with a forged or mismatched one', async () => {
    const noCookie = await fetch(`${app.url}/oidc/social/google/callback?code=x&state=y`, {
      redirect: 'manual',
    });
    expect(noCookie.status).toBe(400);
    expect(await noCookie.text()).toContain('Session expired');

    const forged = sealState(['not-the-key'], {
      stage: 'done',
      uid: 'u',
      provider: 'google',
      accountId: 'auth|someone',
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    const res = await fetch(`${app.url}/oidc/social/google/callback?code=x&state=y`, {
      redirect: 'manual',
      headers: { cookie: `${SOCIAL_COOKIE}=${forged}` },
    });
    expect(res.status).toBe(400);
    expect(openState(['k1'], forged)).toBeNull();

    // A state from another browser's sign-in (state mismatch) fails the code exchange.
    const b = browser(app);
    const page = await b.open();
    google.signInAs({ sub: '5555', email: 'x@example.com', email_verified: true });
    const start = await fetch(googleHref(page.html, page.url), {
      redirect: 'manual',
      headers: { cookie: b.jar.header() },
    });
    b.jar.store(start);
    const upstream = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
    const callback = new URL(upstream.headers.get('location') ?? '');
    callback.searchParams.set('state', 'someone-elses-state');
    const end = await b.follow(callback.toString());
    expect(end.status).toBe(400);
    expect(unescapeHtml(end.html)).toContain(text.failed);
  });

  it('goes back to the sign-in page when the user cancels at Google', async () => {
    const b = browser(app);
    const page = await b.open();
    const start = await fetch(googleHref(page.html, page.url), {
      redirect: 'manual',
      headers: { cookie: b.jar.header() },
    });
    b.jar.store(start);
    const authorize = new URL(start.headers.get('location') ?? '');
    const callback = new URL(`${app.url}/oidc/social/google/callback`);
    callback.searchParams.set('error', 'access_denied');
    callback.searchParams.set('state', authorize.searchParams.get('state') ?? '');
    const end = await b.follow(callback.toString());
    expect(end.status).toBe(400);
    expect(end.html).toContain('Google sign-in was cancelled');
    expect(end.html).toContain('name="password"');
  });
});
