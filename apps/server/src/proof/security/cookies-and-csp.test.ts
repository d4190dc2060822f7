import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Security headers and cookies as a browser sees them:
 * - the built-in provider's cookies are HttpOnly and SameSite=Lax, and Secure when the public
 *   URL is https (behind a TLS-terminating proxy: TRUST_PROXY + X-Forwarded-Proto);
 * - every kind of page answers with a Content-Security-Policy whose script-src allows no inline
 *   script and no eval, and no HTML page needs one (no inline <script> at all).
 */
interface SetCookie {
  name: string;
  value: string;
  attrs: Map<string, string>;
  raw: string;
}

function parseSetCookies(res: Response): SetCookie[] {
  return res.headers.getSetCookie().map((raw) => {
    const [pair = '', ...rest] = raw.split(';');
    const eq = pair.indexOf('=');
    const attrs = new Map<string, string>();
    for (const a of rest) {
      const i = a.indexOf('=');
      const k = (i < 0 ? a : a.slice(0, i)).trim().toLowerCase();
      attrs.set(k, i < 0 ? '' : a.slice(i + 1).trim());
    }
    return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attrs, raw };
  });
}

/** A browser stand-in that keeps every Set-Cookie it saw and follows redirects by hand. */
function browser(base: string, headers: Record<string, string> = {}) {
  const jar = new Map<string, string>();
  const seen: SetCookie[] = [];
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: {
        ...headers,
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of parseSetCookies(res)) {
      seen.push(c);
      if (c.value === '' || /1970/.test(c.attrs.get('expires') ?? '')) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  return { go, seen, jar };
}

/** Runs a sign-in to the app's callback and returns every cookie the provider set on the way. */
async function signIn(t: TestApp, email: string, password: string, headers: Record<string, string> = {}) {
  const b = browser(t.url, headers);
  const verifier = randomBytes(32).toString('base64url');
  const auth = new URL('/oidc/auth', t.url);
  auth.search = new URLSearchParams({
    client_id: 'pria-web',
    response_type: 'code',
    scope: 'openid profile email offline_access',
    redirect_uri: `${t.config.publicUrl}/auth/callback`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: t.config.oidc.audience,
    state: 'x',
  }).toString();
  let res = await b.go(auth.toString());
  const authResponse = res;
  const hop = async () => {
    for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
      const next = new URL(res.headers.get('location') ?? '', t.url);
      if (next.pathname === '/auth/callback') return next;
      // An https public URL: the proxy would route it to us; call the app directly.
      res = await b.go(`${next.pathname}${next.search}`);
    }
    return null;
  };
  await hop();
  const html = await res.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  const actionUrl = new URL(action, t.url);
  res = await b.go(`${actionUrl.pathname}${actionUrl.search}`, {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const callback = await hop();
  return { authResponse, callback, cookies: b.seen };
}

describe('provider cookies behind an https proxy (PUBLIC_URL https, TRUST_PROXY true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://pria.example', TRUST_PROXY: 'true' });
    await createUser(t.db, { email: 'tls@example.com', password: 'correct horse 1', emailVerified: true });
  });
  afterAll(() => t?.stop());

  it('sets every provider cookie HttpOnly, SameSite=Lax and Secure', async () => {
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pria.example' };
    const { authResponse, callback, cookies } = await signIn(t, 'tls@example.com', 'correct horse 1', https);
    expect(authResponse.status).toBe(303);
    expect(callback?.searchParams.get('code')).toBeTruthy();
    // /oidc/auth itself sets the interaction cookies; the resumed authorization sets the session.
    const authCookies = parseSetCookies(authResponse).map((c) => c.name);
    expect(authCookies).toContain('_interaction');
    const names = new Set(cookies.map((c) => c.name));
    for (const name of ['_interaction', '_interaction.sig', '_session', '_session.sig']) {
      expect(names, name).toContain(name);
    }
    for (const c of cookies) {
      expect(c.attrs.has('httponly'), c.raw).toBe(true);
      expect(c.attrs.get('samesite')?.toLowerCase(), c.raw).toBe('lax');
      expect(c.attrs.has('secure'), c.raw).toBe(true);
    }
    // HSTS is on for an https deployment.
    const home = await fetch(`${t.url}/healthz`, { headers: https });
    expect(home.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('never sets a cookie without Secure, even when a request reaches it over plain http', async () => {
    // The same deployment reached without the proxy's https marker (a proxy that drops
    // X-Forwarded-Proto, or the port reached directly): the sign-in fails closed.
    const res = await fetch(
      `${t.url}/oidc/auth?client_id=pria-web&response_type=code&scope=openid&state=x&code_challenge_method=S256&code_challenge=${'a'.repeat(43)}&redirect_uri=${encodeURIComponent('https://pria.example/auth/callback')}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(parseSetCookies(res).filter((c) => !c.attrs.has('secure'))).toEqual([]);
    expect(await res.text()).not.toMatch(/<script/i);
  });
});

describe('provider cookies on a plain-http development URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await createUser(t.db, { email: 'dev@example.com', password: 'correct horse 1', emailVerified: true });
  });
  afterAll(() => t?.stop());

  it('sets HttpOnly and SameSite=Lax (Secure only makes sense on https)', async () => {
    const { callback, cookies } = await signIn(t, 'dev@example.com', 'correct horse 1');
    expect(callback?.searchParams.get('code')).toBeTruthy();
    expect(cookies.length).toBeGreaterThan(3);
    for (const c of cookies) {
      expect(c.attrs.has('httponly'), c.raw).toBe(true);
      expect(c.attrs.get('samesite')?.toLowerCase(), c.raw).toBe('lax');
    }
    expect((await fetch(`${t.url}/healthz`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('sends a CSP without inline script or eval on every kind of page', async () => {
    const b = browser(t.url);
    const auth = await b.go(
      `/oidc/auth?client_id=pria-web&response_type=code&scope=openid&state=x&resource=${encodeURIComponent(t.config.oidc.audience)}&code_challenge_method=S256&code_challenge=${'a'.repeat(43)}&redirect_uri=${encodeURIComponent(`${t.url}/auth/callback`)}`,
    );
    const interaction = auth.headers.get('location') ?? '';
    expect(interaction).toMatch(/\/oidc\/interaction\//);

    const pages: [string, string, RequestInit?][] = [
      ['landing page (web app)', '/'],
      ['client-side route (web app fallback)', '/dashboard'],
      ['OIDC authorization endpoint', '/oidc/auth?client_id=pria-web&response_type=code'],
      ['OIDC error page', '/oidc/auth?client_id=nobody&response_type=code'],
      ['OIDC discovery', '/oidc/.well-known/openid-configuration'],
      ['OIDC sign-in page', interaction],
      ['OIDC sign-up page', `${interaction}/signup`],
      ['OIDC expired interaction', '/oidc/interaction/nope'],
      ['OIDC email verification', '/oidc/verify-email?token=nope'],
      ['OIDC MFA enrolment', '/oidc/mfa/enroll?ticket=nope'],
      ['OIDC forgot password', '/oidc/forgot-password'],
      ['OIDC reset link (invalid)', '/oidc/reset-password?token=nope'],
      ['API docs', '/api/docs'],
      ['API docs (static UI)', '/api/docs/static/index.html'],
      ['OpenAPI JSON', '/api/docs/json'],
      ['API JSON', '/api/v1/cards/public-key'],
      ['API 404', '/api/v1/nothing-here'],
      ['payment simulator page', '/gateway-sim/sessions/nope'],
      ['development outbox', '/dev/outbox'],
      ['health', '/healthz'],
    ];
    for (const [what, path] of pages) {
      const res = await b.go(path);
      const csp = res.headers.get('content-security-policy');
      expect(csp, `${what} ${path}`).toBeTruthy();
      const directives = new Map(
        (csp ?? '').split(';').map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      const scriptSrc = directives.get('script-src') ?? directives.get('default-src') ?? [];
      expect(scriptSrc, `${what}: ${csp}`).toContain("'self'");
      expect(scriptSrc, `${what}: ${csp}`).not.toContain("'unsafe-inline'");
      expect(scriptSrc, `${what}: ${csp}`).not.toContain("'unsafe-eval'");
      expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
      expect(directives.get('object-src'), what).toEqual(["'none'"]);
      expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('text/html')) {
        const html = await res.text();
        // Every script is a file from our origin: an inline one would be blocked and mean a bug.
        for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
          expect(tag, `${what}: inline script`).toMatch(/\bsrc=/i);
        }
        expect(html, what).not.toMatch(/\son[a-z]+\s*=\s*["']/i); // no inline event handlers
      } else {
        await res.arrayBuffer();
      }
    }
  });
});
