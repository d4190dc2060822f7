import { createHash, randomBytes } from 'node:crypto';
import type { TestApp } from './harness.ts';
import { CookieJar } from './oidc-login.ts';

/**
 * A cookie-keeping client that follows redirects by hand until a page or the app's callback;
 * `headers` go with every request (e.g. the X-Forwarded-For of a client behind the proxy).
 */
export function browser(app: TestApp, headers: Record<string, string> = {}) {
  const jar = new CookieJar();
  const redirectUri = `${app.url}/auth/callback`;
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...headers, ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(res);
    return res;
  };
  const follow = async (start: Response, startUrl: string) => {
    let res = start;
    let url = startUrl;
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops++) {
      url = new URL(res.headers.get('location') ?? '', url).toString();
      if (url.startsWith(redirectUri)) return { res, url, html: '' };
      res = await go(url);
    }
    return { res, url, html: await res.text() };
  };
  const verifier = randomBytes(32).toString('base64url');
  return {
    jar,
    redirectUri,
    verifier,
    async open(extra: Record<string, string> = {}) {
      const auth = new URL(`${app.url}/oidc/auth`);
      auth.search = new URLSearchParams({
        client_id: 'pria-web',
        response_type: 'code',
        scope: 'openid profile email offline_access',
        redirect_uri: redirectUri,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        resource: app.config.oidc.audience,
        state: 'x',
        ...extra,
      }).toString();
      return follow(await go(auth.toString()), auth.toString());
    },
    async get(url: string) {
      return follow(await go(url), url);
    },
    async post(url: string, fields: Record<string, string>) {
      return follow(
        await go(url, {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        url,
      );
    },
    async exchange(callbackUrl: string) {
      const code = new URL(callbackUrl).searchParams.get('code') ?? '';
      const res = await fetch(`${app.url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: 'pria-web',
          code_verifier: verifier,
          resource: app.config.oidc.audience,
        }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    },
  };
}

export function actionOf(html: string, base: string): string {
  const m = /<form[^>]*action="([^"]+)"/i.exec(html);
  if (!m?.[1]) throw new Error(`no form in ${html.slice(0, 300)}`);
  return new URL(m[1].replace(/&amp;/g, '&'), base).toString();
}

export async function refresh(app: TestApp, refreshToken: string) {
  const res = await fetch(`${app.url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: 'pria-web',
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}
