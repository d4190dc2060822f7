import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcLogin, type Tokens } from '../../test/oidc-login.ts';

/**
 * CORS (issue 39): a browser page may read answers of the token endpoint and the API only from
 * the web app's own origin (PUBLIC_URL) and the origins CORS_ORIGINS names. Before, the token
 * endpoint reflected any Origin.
 */
let t: TestApp;
const PARTNER = 'https://partner.example';
const EVIL = 'https://evil.example';
const PASSWORD = 'correct horse 1';
let own: string;

beforeAll(async () => {
  t = await startTestApp({ CORS_ORIGINS: PARTNER });
  own = new URL(t.url).origin;
  await createUser(t.db, { email: 'cors@pria.test', password: PASSWORD, emailVerified: true });
});
afterAll(async () => t?.stop());

const signIn = () => oidcLogin({ baseUrl: t.url, email: 'cors@pria.test', password: PASSWORD });

function tokenRequest(origin: string, tokens: Tokens) {
  return fetch(`${t.url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      client_id: 'pria-web',
    }),
  });
}

const preflight = (path: string, origin: string, headers = 'content-type') =>
  fetch(`${t.url}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
  });

describe('the token endpoint', () => {
  it('answers an unconfigured origin without CORS headers, and refuses its token request', async () => {
    const tokens = await signIn();
    const res = await tokenRequest(EVIL, tokens);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    // The refresh token was not spent by the refused request: the app's own origin still uses it.
    const ok = await tokenRequest(own, tokens);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(own);
  });

  it('answers a configured origin with its CORS headers', async () => {
    const res = await tokenRequest(PARTNER, await signIn());
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(PARTNER);
  });

  it('passes no preflight from an unconfigured origin, and the allowed ones', async () => {
    const refused = await preflight('/oidc/token', EVIL);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    for (const origin of [own, PARTNER]) {
      const allowed = await preflight('/oidc/token', origin);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it('sends no CORS headers to an unconfigured origin on its other endpoints either', async () => {
    for (const path of ['/oidc/.well-known/openid-configuration', '/oidc/jwks']) {
      const res = await fetch(`${t.url}${path}`, { headers: { origin: EVIL } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });
});

describe('the API', () => {
  it("answers PUBLIC_URL's origin and the configured ones with CORS headers, no other", async () => {
    const { access_token } = await signIn();
    const call = (origin: string) =>
      fetch(`${t.url}/api/v1/customers/me`, { headers: { origin, authorization: `Bearer ${access_token}` } });
    const evil = await call(EVIL);
    expect(evil.status).toBe(200);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    for (const origin of [own, PARTNER]) {
      const res = await call(origin);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('vary')).toMatch(/origin/i);
    }
  });

  it('passes a preflight with the bearer header for the allowed origins only, before any token check', async () => {
    const allowed = await preflight('/api/v1/customers/me', PARTNER, 'authorization, content-type');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    const refused = await preflight('/api/v1/customers/me', EVIL, 'authorization');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('still answers a plain OPTIONS (no preflight) with the methods the path allows', async () => {
    const res = await fetch(`${t.url}/api/v1/customers/me`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toMatch(/GET/);
    expect((await fetch(`${t.url}/api/v1/no-such-path`, { method: 'OPTIONS' })).status).toBe(404);
  });
});
