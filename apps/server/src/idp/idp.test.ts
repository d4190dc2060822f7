import { allPermissions, permissionsForRoles } from '@pria/contracts';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { actionOf, browser, refresh } from '../test/idp-browser.ts';
import { oidcLogin } from '../test/oidc-login.ts';
import { createUser, revokeUserSessions } from './index.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { addressKey, addressLock } from './sign-in-locks.ts';
import { IP_MAX_FAILURES } from './users.ts';

describe('built-in identity provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('hashes passwords with argon2id in PHC format', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });

  it('publishes discovery and a generated signing key', async () => {
    const res = await fetch(`${app.url}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const d = (await res.json()) as Record<string, unknown>;
    expect(d.issuer).toBe(app.config.oidc.issuer);
    expect(d.jwks_uri).toBe(`${app.config.oidc.issuer}/jwks`);
    expect(d.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = (await (await fetch(`${app.url}/oidc/jwks`)).json()) as {
      keys: { kid: string; d?: string }[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]?.d).toBeUndefined();
    expect(jwks.keys[0]?.kid).toBeTruthy();
    const stored = await app.db.selectFrom('idp_keys').select('id').execute();
    expect(stored.map((r) => r.id).sort()).toEqual(['cookies', 'mfa', 'signing']);
  });

  it('signs an admin in with code + PKCE and issues a JWT access token with roles and permissions', async () => {
    const { id } = await createUser(app.db, {
      email: 'Admin@Pria.test',
      password: 'admin-password-1',
      roles: ['admin'],
      emailVerified: true,
    });
    expect(id).toMatch(/^auth\|[0-9a-f-]{36}$/);
    const tokens = await oidcLogin({
      baseUrl: app.url,
      email: 'admin@pria.test',
      password: 'admin-password-1',
    });
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBeLessThanOrEqual(600);
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const jwks = createRemoteJWKSet(new URL(`${app.url}/oidc/jwks`));
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer: app.config.oidc.issuer,
      audience: app.config.oidc.audience,
    });
    expect(payload.sub).toBe(id);
    expect(payload.roles).toEqual(['admin']);
    expect(payload.permissions).toEqual(permissionsForRoles(['admin']));
    expect([...(payload.permissions as string[])].sort()).toEqual([...allPermissions].sort());
    expect(payload.email).toBe('admin@pria.test');
    expect(payload.email_verified).toBe(true);
    expect(payload.amr).toEqual(['pwd']);
    expect(typeof payload.auth_time).toBe('number');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);

    // The ID token carries the profile claims and amr.
    const { payload: idToken } = await jwtVerify(tokens.id_token ?? '', jwks, {
      issuer: app.config.oidc.issuer,
      audience: 'pria-web',
    });
    expect(idToken).toMatchObject({ sub: id, email: 'admin@pria.test', email_verified: true, amr: ['pwd'] });

    // Refreshing rotates the refresh token and still yields a JWT for the API.
    const first = await refresh(app, tokens.refresh_token ?? '');
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeTruthy();
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    const { payload: refreshed } = await jwtVerify(first.body.access_token ?? '', jwks, {
      issuer: app.config.oidc.issuer,
      audience: app.config.oidc.audience,
    });
    expect(refreshed.roles).toEqual(['admin']);
    expect(refreshed.amr).toEqual(['pwd']);
    // The rotated-out token is rejected (and reuse revokes the family).
    const reused = await refresh(app, tokens.refresh_token ?? '');
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');

    // The API accepts the token.
    const events = await app.db
      .selectFrom('idp_sign_in_events')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(events.some((e) => e.success)).toBe(true);
  });

  it('a sign-in page opened again after signing in (Back) goes on to the app; with no session it has expired', async () => {
    await createUser(app.db, { email: 'back@pria.test', password: 'back-password-1' });
    const b = browser(app);
    const login = await b.open();
    expect(login.url).toMatch(/\/oidc\/interaction\/[^/]+$/);
    const done = await b.post(actionOf(login.html, login.url), {
      email: 'back@pria.test',
      password: 'back-password-1',
    });
    expect(done.url.startsWith(b.redirectUri)).toBe(true);
    // Back from the app: the browser asks for the sign-in page again, its interaction over.
    for (const page of [login.url, `${login.url}/login`]) {
      const again = await fetch(page, { redirect: 'manual', headers: { cookie: b.jar.header() } });
      expect(again.status, page).toBe(303);
      expect(again.headers.get('location')).toBe(`${app.config.publicUrl}/dashboard`);
    }
    // A browser the provider does not know as signed in reads that the page expired.
    const stranger = await fetch(login.url, { redirect: 'manual' });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('Your sign-in page expired');
  });

  it('gives a customer a refresh token without prompt=consent, and revokeUserSessions ends it', async () => {
    const { id } = await createUser(app.db, { email: 'carla@pria.test', password: 'carla-password' });
    const b = browser(app);
    const login = await b.open();
    expect(login.res.status).toBe(200);
    expect(login.html).toContain('Log in');
    expect(login.html).toContain('Create an account');
    const done = await b.post(actionOf(login.html, login.url), {
      email: 'carla@pria.test',
      password: 'carla-password',
    });
    expect(done.url.startsWith(b.redirectUri)).toBe(true);
    expect(new URL(done.url).searchParams.get('state')).toBe('x');
    const tokens = await b.exchange(done.url);
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toBeTruthy();
    const { payload } = await jwtVerify(
      tokens.body.access_token ?? '',
      createRemoteJWKSet(new URL(`${app.url}/oidc/jwks`)),
      { issuer: app.config.oidc.issuer, audience: app.config.oidc.audience },
    );
    expect(payload.roles).toEqual(['customer']);
    expect(payload.permissions).toEqual([]);
    expect(payload.email_verified).toBe(false);

    // A second authorization reuses the session (no form) and the existing grant.
    const again = await b.open();
    expect(again.url.startsWith(b.redirectUri)).toBe(true);

    await revokeUserSessions(app.db, id, 'signed_out_everywhere');
    const after = await refresh(app, tokens.body.refresh_token ?? '');
    expect(after.body.error).toBe('invalid_grant');
    const relogin = await b.open();
    expect(relogin.res.status).toBe(200);
    expect(relogin.html).toContain('name="password"');
  });

  it('rejects wrong passwords and locks the account after repeated failures', async () => {
    const { id } = await createUser(app.db, { email: 'dave@pria.test', password: 'dave-password' });
    const b = browser(app);
    const login = await b.open();
    const action = actionOf(login.html, login.url);
    for (let i = 1; i < addressLock.maxFailures; i++) {
      const r = await b.post(action, { email: 'dave@pria.test', password: 'wrong-password' });
      expect(r.res.status).toBe(401);
      expect(r.html).toContain('role="alert"');
      expect(r.html).toContain('Wrong email or password.');
    }
    const unknown = await b.post(action, { email: 'nobody@pria.test', password: 'whatever-pw' });
    expect(unknown.html).toContain('Wrong email or password.');
    const last = await b.post(action, { email: 'dave@pria.test', password: 'wrong-password' });
    expect(last.res.status).toBe(429);
    expect(last.html).toContain('try again later');
    // Even the right password is refused while locked.
    const locked = await b.post(action, { email: 'dave@pria.test', password: 'dave-password' });
    expect(locked.res.status).toBe(429);
    const events = await app.db
      .selectFrom('idp_sign_in_events')
      .select(['success', 'reason', 'ip'])
      .where('user_id', '=', id)
      .execute();
    expect(events).toHaveLength(addressLock.maxFailures + 1);
    expect(events.every((e) => !e.success && e.ip)).toBe(true);
    // After the lock expires the right password works again.
    await app.db
      .updateTable('idp_sign_in_locks')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('lock', '=', addressLock.name)
      .where('key', '=', addressKey('dave@pria.test'))
      .execute();
    const ok = await b.post(action, { email: 'dave@pria.test', password: 'dave-password' });
    expect(ok.url.startsWith(b.redirectUri)).toBe(true);
  });

  it('signs up via screen_hint=signup, queues a verification email and verifies the address', async () => {
    const tokens = await oidcLogin({
      baseUrl: app.url,
      email: 'Erin@Pria.test',
      password: 'erin-password',
      signUp: true,
    });
    const user = await app.db
      .selectFrom('idp_users')
      .selectAll()
      .where('email', '=', 'erin@pria.test')
      .executeTakeFirstOrThrow();
    expect(user.email_verified).toBe(false);
    expect(user.roles).toEqual(['customer']);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const { payload } = await jwtVerify(
      tokens.access_token,
      createRemoteJWKSet(new URL(`${app.url}/oidc/jwks`)),
      { issuer: app.config.oidc.issuer, audience: app.config.oidc.audience },
    );
    expect(payload.sub).toBe(user.id);

    const mail = await app.db
      .selectFrom('message_outbox')
      .selectAll()
      .where('recipient', '=', 'erin@pria.test')
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/oidc\/verify-email\?token=[\w-]+/.exec(mail.text_body)?.[0];
    expect(link).toBeTruthy();
    expect(link?.startsWith(`${app.url}/oidc/verify-email?token=`)).toBe(true);
    const page = await fetch(link ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Email verified');
    const verified = await app.db
      .selectFrom('idp_users')
      .select('email_verified')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(verified.email_verified).toBe(true);
    const reuse = await fetch(link ?? '');
    expect(reuse.status).toBe(400);
  });

  it('is the staff sign-in when the admin portal asks (portal=staff): no account to create, no customer words', async () => {
    await createUser(app.db, { email: 'ops@pria.test', password: 'ops-password-1', roles: ['admin'] });
    const b = browser(app);
    const staff = await b.open({ portal: 'staff' });
    expect(staff.res.status).toBe(200);
    expect(staff.html).toContain('<h1>Pria Staff — sign in</h1>');
    expect(staff.html).toContain('<title>Staff sign in · Pria</title>');
    for (const customer of [
      'Welcome back',
      'Create an account',
      'New to Pria?',
      'Better credit, made simple',
    ])
      expect(staff.html, customer).not.toContain(customer);
    // A wrong password keeps it the staff page; the right one signs in as any sign-in does.
    const wrong = await b.post(actionOf(staff.html, staff.url), {
      email: 'ops@pria.test',
      password: 'not-the-password',
    });
    expect(wrong.html).toContain('Wrong email or password.');
    expect(wrong.html).toContain('<h1>Pria Staff — sign in</h1>');
    expect(wrong.html).not.toContain('Create an account');
    const done = await b.post(actionOf(wrong.html, wrong.url), {
      email: 'ops@pria.test',
      password: 'ops-password-1',
    });
    expect(done.url.startsWith(b.redirectUri)).toBe(true);
  });

  it('is the customers’ sign-in for any other portal value', async () => {
    const page = await browser(app).open({ portal: '<b>staff</b>' });
    expect(page.html).toContain('<h1>Welcome back</h1>');
    expect(page.html).toContain('Create an account');
    expect(page.html).not.toContain('Pria Staff');
  });

  it('says why the app sent someone to sign in (notice=signed_out), and nothing for other values', async () => {
    const told = await browser(app).open({ notice: 'signed_out' });
    expect(told.html).toContain('You were signed out. Log in again to continue.');
    expect(told.html).toContain('role="status"');
    const other = await browser(app).open({ notice: '<script>alert(1)</script>' });
    expect(other.res.status).toBe(200);
    expect(other.html).not.toContain('You were signed out');
    expect(other.html).not.toContain('<script>alert(1)');
  });

  it('validates the sign-up form; a taken address gets no 409 and no second account', async () => {
    await createUser(app.db, { email: 'frank@pria.test', password: 'frank-password' });
    const b = browser(app);
    const page = await b.open({ screen_hint: 'signup' });
    expect(page.html).toContain('Sign up');
    // The documents by the names their pages carry (issue 40: "Terms of Use" led to "Terms of Service").
    expect(page.html).toMatch(/href="[^"]*\/terms"[^>]*>Terms of Service<\/a>/);
    expect(page.html).toMatch(/href="[^"]*\/policy"[^>]*>Privacy Policy<\/a>/);
    expect(page.html).not.toContain('Terms of Use');
    const action = actionOf(page.html, page.url);
    const short = await b.post(action, {
      email: 'new@pria.test',
      password: 'short',
      confirmPassword: 'other',
      terms: 'yes',
    });
    expect(short.res.status).toBe(400);
    expect(short.html).toContain('at least 8 characters');
    expect(short.html).toContain('Passwords must match');
    const noTerms = await b.post(action, {
      email: 'new@pria.test',
      password: 'long-enough',
      confirmPassword: 'long-enough',
    });
    expect(noTerms.html).toContain('Terms of Service and Privacy Policy');
    const dup = await b.post(action, {
      email: 'FRANK@pria.test',
      password: 'another-password',
      confirmPassword: 'another-password',
      terms: 'yes',
    });
    expect(dup.res.status).toBe(200);
    expect(dup.html).toContain('Check your email');
    expect(dup.html).not.toContain('already exists');
    const accounts = await app.db
      .selectFrom('idp_users')
      .select('id')
      .where('email', '=', 'frank@pria.test')
      .execute();
    expect(accounts).toHaveLength(1);
    await expect(
      createUser(app.db, { email: 'frank@PRIA.test', password: 'frank-second-password' }),
    ).rejects.toThrow(/already exists/);
  });

  it('opens the sign-up page for prompt=create and completes it', async () => {
    const b = browser(app);
    const page = await b.open({ prompt: 'create' });
    expect(page.html).toContain('Create your account');
    const signedUp = await b.post(actionOf(page.html, page.url), {
      email: 'gina@pria.test',
      password: 'gina-password',
      confirmPassword: 'gina-password',
      terms: 'yes',
    });
    expect(signedUp.html).toContain('Check your email');
    const login = await b.get(
      new URL(/href="([^"]+\/login)"/.exec(signedUp.html)?.[1] ?? '', signedUp.url).toString(),
    );
    const done = await b.post(actionOf(login.html, login.url), {
      email: 'gina@pria.test',
      password: 'gina-password',
    });
    expect(done.url.startsWith(b.redirectUri)).toBe(true);
    expect((await b.exchange(done.url)).status).toBe(200);
  });

  it("signs Pria's own Logout out at once (an ID token of this session), with no inline script", async () => {
    await createUser(app.db, { email: 'hank@pria.test', password: 'hank-password' });
    const b = browser(app);
    const login = await b.open();
    const done = await b.post(actionOf(login.html, login.url), {
      email: 'hank@pria.test',
      password: 'hank-password',
    });
    const tokens = await b.exchange(done.url);
    const end = new URL(`${app.url}/oidc/session/end`);
    end.search = new URLSearchParams({
      id_token_hint: tokens.body.id_token ?? '',
      post_logout_redirect_uri: `${app.url}/`,
    }).toString();
    const page = await b.get(end.toString());
    expect(page.res.status).toBe(200);
    // Issue 40: no "Sign out of Pria? … Stay signed in": the form posts itself with logout=yes.
    expect(page.html).toContain('Signing you out');
    expect(page.html).not.toContain('Stay signed in');
    expect(page.html).toContain('<input type="hidden" name="logout" value="yes" form="op.logoutForm">');
    const scripts = [...page.html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.map((m) => [/src="([^"]+)"/.exec(m[1] ?? '')?.[1], m[2]])).toEqual([
      ['/oidc/assets/sign-out.js', ''],
    ]);
    expect(page.res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await fetch(`${app.url}/oidc/assets/sign-out.js`);
    expect(await script.text()).toContain("document.getElementById('op.logoutForm')?.submit()");
    // What the script posts: the form's fields and logout=yes.
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.html)?.[1] ?? '';
    const confirmed = await b.post(actionOf(page.html, page.url), { xsrf, logout: 'yes' });
    expect(confirmed.url).toBe(`${app.url}/`);
    // The session is gone: authorizing again shows the sign-in form.
    expect((await b.open()).html).toContain('name="password"');
    // And the grant with it: the refresh token no longer works.
    const refreshed = await fetch(`${app.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.body.refresh_token ?? '',
        client_id: 'pria-web',
      }),
    });
    expect(refreshed.status).toBe(400);
  });

  it('asks before signing out when the request is not from this session (no ID token, or another account)', async () => {
    await createUser(app.db, { email: 'hope@pria.test', password: 'hope-password' });
    await createUser(app.db, { email: 'hugo@pria.test', password: 'hugo-password' });
    const other = browser(app);
    const otherLogin = await other.open();
    const otherDone = await other.post(actionOf(otherLogin.html, otherLogin.url), {
      email: 'hugo@pria.test',
      password: 'hugo-password',
    });
    const hugos = await other.exchange(otherDone.url);
    const b = browser(app);
    const login = await b.open();
    const done = await b.post(actionOf(login.html, login.url), {
      email: 'hope@pria.test',
      password: 'hope-password',
    });
    await b.exchange(done.url);
    const requests: Record<string, string>[] = [
      { client_id: 'pria-web' },
      { id_token_hint: hugos.body.id_token ?? '', post_logout_redirect_uri: `${app.url}/` },
    ];
    for (const params of requests) {
      const page = await b.get(`${app.url}/oidc/session/end?${new URLSearchParams(params)}`);
      expect(page.res.status).toBe(200);
      expect(page.html).toContain('Sign out of Pria?');
      expect(page.html).toContain('Stay signed in');
      expect(page.html).not.toMatch(/<script/i);
    }
    // Nobody signed Hope out: she is still signed in.
    expect((await b.open()).url.startsWith(b.redirectUri)).toBe(true);
  });

  it('shows a branded error page without inline scripts', async () => {
    const bad = await fetch(`${app.url}/oidc/auth?client_id=unknown&response_type=code`);
    const badHtml = await bad.text();
    expect(bad.status).toBe(400);
    expect(badHtml).toContain('Go back to Pria home');
    expect(badHtml).not.toMatch(/<script/i);
    const expired = await fetch(`${app.url}/oidc/interaction/nope`);
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('Session expired');
  });

  it('refuses sign-ins from an IP with too many recent failures', async () => {
    await createUser(app.db, { email: 'ivan@pria.test', password: 'ivan-password' });
    const b = browser(app);
    const login = await b.open();
    const action = actionOf(login.html, login.url);
    const first = await b.post(action, { email: 'ivan@pria.test', password: 'wrong-password' });
    expect(first.res.status).toBe(401);
    const { ip } = await app.db
      .selectFrom('idp_sign_in_events')
      .select('ip')
      .where('email', '=', 'ivan@pria.test')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('idp_sign_in_events')
      .values(
        Array.from({ length: IP_MAX_FAILURES }, (_, i) => ({
          user_id: null,
          email: `x${i}@pria.test`,
          ip,
          user_agent: null,
          success: false,
          reason: 'unknown-user',
        })),
      )
      .execute();
    const refused = await b.post(action, { email: 'ivan@pria.test', password: 'ivan-password' });
    expect(refused.res.status).toBe(429);
    expect(refused.html).toContain('try again later');
  });

  it('keeps its signing key across restarts', async () => {
    const kid = async (url: string) =>
      ((await (await fetch(`${url}/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys[0]?.kid;
    const before = await kid(app.url);
    await app.stop();
    app = await startTestApp({ DATABASE_URL: app.databaseUrl });
    expect(await kid(app.url)).toBe(before);
  });
});
