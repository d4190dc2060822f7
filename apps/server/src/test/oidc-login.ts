import { createHash, randomBytes } from 'node:crypto';

/**
 * A minimal browser stand-in for tests: runs the real authorization-code + PKCE flow against
 * the built-in provider over HTTP (cookies, redirects, the HTML sign-in form) and returns the
 * tokens the web app would get.
 */
export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
}

/** The cookies a browser would keep across requests (one jar for every host). */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const b64url = (b: Buffer) => b.toString('base64url');

function formAction(html: string, pageUrl: string): string {
  const match = /<form[^>]*action="([^"]+)"/i.exec(html);
  if (!match?.[1]) throw new Error(`no form on page:\n${html.slice(0, 500)}`);
  return new URL(match[1].replace(/&amp;/g, '&'), pageUrl).toString();
}

export interface LoginOptions {
  baseUrl: string;
  email: string;
  password: string;
  /**
   * Sign up first (the sign-up page with screen_hint=signup), then log in from its "Check your
   * email" page, as a person would.
   */
  signUp?: boolean;
  clientId?: string;
  audience?: string;
  /**
   * The second factor, for users with MFA: called with the code page (after the password) and
   * returns the code to submit. Without it, a code page makes the sign-in fail.
   */
  otp?: (page: { html: string; url: string }) => string | Promise<string>;
  /** Extra authorization parameters (e.g. prompt: 'login' to force a fresh sign-in). */
  extraParams?: Record<string, string>;
  /**
   * Sign in with a passkey instead of the password form, as the page's script does: the
   * authenticator answers the options; a refusal throws with the server's words.
   */
  passkey?: (options: { challenge: string; rpId?: string }) => unknown | Promise<unknown>;
  /** The browser's User-Agent header on every request of the sign-in. */
  userAgent?: string;
}

const dataAttr = (html: string, name: string) =>
  new RegExp(`data-${name}="([^"]+)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

export async function oidcLogin(opts: LoginOptions): Promise<Tokens> {
  const jar = new CookieJar();
  const clientId = opts.clientId ?? 'pria-web';
  const audience = opts.audience ?? `${opts.baseUrl}/api`;
  const redirectUri = `${opts.baseUrl}/auth/callback`;
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  const auth = new URL(`${opts.baseUrl}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: audience,
    state: b64url(randomBytes(8)),
    prompt: 'consent',
    ...(opts.signUp ? { screen_hint: 'signup' } : {}),
    ...opts.extraParams,
  }).toString();

  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: jar.header(),
        ...(opts.userAgent ? { 'user-agent': opts.userAgent } : {}),
      },
    });
    jar.store(res);
    return res;
  };

  // Follow redirects until we either reach a page (the sign-in form) or the app's callback.
  const follow = async (start: Response, startUrl: string): Promise<{ res: Response; url: string }> => {
    let res = start;
    let url = startUrl;
    for (let hops = 0; hops < 10 && res.status >= 300 && res.status < 400; hops++) {
      url = new URL(res.headers.get('location') ?? '', url).toString();
      if (url.startsWith(redirectUri)) return { res, url };
      res = await go(url);
    }
    return { res, url };
  };

  let { res, url } = await follow(await go(auth.toString()), auth.toString());
  const page = await res.text();
  if (res.status !== 200)
    throw new Error(`expected the sign-in page, got ${res.status}: ${page.slice(0, 300)}`);
  if (opts.passkey) {
    const optionsUrl = new URL(dataAttr(page, 'options') ?? '', url).toString();
    const verifyUrl = new URL(dataAttr(page, 'verify') ?? '', url).toString();
    const options = (await (await go(optionsUrl, { method: 'POST' })).json()) as { challenge: string };
    const answer = await opts.passkey(options);
    const verified = await go(verifyUrl, {
      method: 'POST',
      body: JSON.stringify(answer),
      headers: { 'content-type': 'application/json' },
    });
    const result = (await verified.json()) as { redirectTo?: string; message?: string };
    if (!verified.ok || !result.redirectTo)
      throw new Error(result.message ?? `passkey refused (${verified.status})`);
    ({ res, url } = await follow(await go(result.redirectTo), result.redirectTo));
    if (!url.startsWith(redirectUri))
      throw new Error(`passkey sign-in did not reach the app (${res.status})`);
    return exchange(url);
  }
  let form = { html: page, url };
  if (opts.signUp) {
    // Sign-up ends on "Check your email" (new address or taken alike); its "Log in" goes on.
    const signedUp = await go(formAction(page, url), {
      method: 'POST',
      body: new URLSearchParams({
        email: opts.email,
        password: opts.password,
        confirmPassword: opts.password,
        terms: 'yes',
      }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const done = await signedUp.text();
    const login = /<a class="button" href="([^"]+)">Log in<\/a>/.exec(done)?.[1];
    if (signedUp.status !== 200 || !done.includes('Check your email') || !login)
      throw new Error(`expected "Check your email", got ${signedUp.status}: ${done.slice(0, 400)}`);
    const loginUrl = new URL(login.replace(/&amp;/g, '&'), url).toString();
    const loginPage = await go(loginUrl);
    form = { html: await loginPage.text(), url: loginUrl };
  }
  ({ res, url } = await follow(
    await go(formAction(form.html, form.url), {
      method: 'POST',
      body: new URLSearchParams({ email: opts.email, password: opts.password }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    form.url,
  ));
  if (!url.startsWith(redirectUri) && opts.otp && res.status === 200) {
    const codePage = await res.text();
    if (!/name="code"/.test(codePage))
      throw new Error(`expected the code page, got: ${codePage.slice(0, 400)}`);
    const code = await opts.otp({ html: codePage, url });
    ({ res, url } = await follow(
      await go(formAction(codePage, url), {
        method: 'POST',
        body: new URLSearchParams({ code }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      url,
    ));
  }
  if (!url.startsWith(redirectUri)) {
    const page = await res.text();
    // The page's alert first: it is what a person is told, and often past the first 400 characters.
    const told = /role="alert">([^<]*)</.exec(page)?.[1];
    throw new Error(
      `sign-in did not reach the app (${res.status})${told ? `: ${told}` : ''}: ${page.slice(0, 400)}`,
    );
  }
  return exchange(url);

  async function exchange(callbackUrl: string): Promise<Tokens> {
    const code = new URL(callbackUrl).searchParams.get('code');
    if (!code) throw new Error(`no code in ${callbackUrl}`);

    const tokenRes = await fetch(`${opts.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: clientId,
        code_verifier: verifier,
        resource: audience,
      }),
    });
    const tokens = (await tokenRes.json()) as Tokens & { error?: string };
    if (!tokenRes.ok) throw new Error(`token exchange failed: ${JSON.stringify(tokens)}`);
    return tokens;
  }
}
