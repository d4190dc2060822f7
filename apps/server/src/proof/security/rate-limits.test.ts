import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { MFA_MAX_ATTEMPTS, MFA_MAX_SENDS } from '../../idp/mfa.ts';
import { MFA_USER_MAX_SENDS_PER_HOUR } from '../../idp/mfa-challenge.ts';
import { secondFactorLock } from '../../idp/sign-in-locks.ts';
import { IP_MAX_FAILURES } from '../../idp/users.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Rate limits that the module tests do not already prove (see docs/security.md for the ones
 * they do), exercised the way an attacker would, over HTTP behind the load balancer
 * (TRUST_PROXY = the proxy's address; it appends the client's address to X-Forwarded-For):
 * - per-IP sign-in throttling reached by real failures spread over many accounts (credential
 *   stuffing), unaffected by a forged X-Forwarded-For;
 * - the contact form's 5 per minute per address, also with forged X-Forwarded-For;
 * - MFA codes: wrong codes capped per user across restarted sign-ins, code sends capped per
 *   sign-in and per hour;
 * - sign-ups per address per hour.
 */
const PASSWORD = 'correct horse 1';
let t: TestApp;

beforeAll(async () => {
  // The "load balancer" is this test process, connecting from the loopback address.
  t = await startTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => t?.stop());

/** What the load balancer sends us for a client at `client` that itself sent `forged`. */
const viaProxy = (client: string, forged?: string) => ({
  'x-forwarded-for': forged ? `${forged}, ${client}` : client,
});

/** A browser at one address: cookies kept, redirects followed by hand, forms posted. */
function browser(headers: Record<string, string>) {
  const jar = new Map<string, string>();
  const go = async (url: string, body?: Record<string, string>) => {
    let res = await fetch(new URL(url, t.url), {
      method: body ? 'POST' : 'GET',
      body: body ? new URLSearchParams(body) : undefined,
      redirect: 'manual',
      headers: {
        ...headers,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    let at = new URL(url, t.url).toString();
    for (let hops = 0; ; hops++) {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      if (hops > 10 || res.status < 300 || res.status >= 400) break;
      at = new URL(res.headers.get('location') ?? '', at).toString();
      if (at.startsWith(`${t.url}/auth/callback`)) return { status: 302, html: '', url: at };
      res = await fetch(at, {
        redirect: 'manual',
        headers: { ...headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
    }
    return { status: res.status, html: await res.text(), url: at };
  };
  const action = (page: { html: string; url: string }) =>
    new URL(
      (/<form[^>]*action="([^"]+)"/.exec(page.html)?.[1] ?? '').replace(/&amp;/g, '&'),
      page.url,
    ).toString();
  return {
    go,
    action,
    /** Opens the sign-in (or sign-up) page of a new authorization. */
    async open(extra: Record<string, string> = {}) {
      const auth = new URL('/oidc/auth', t.url);
      auth.search = new URLSearchParams({
        client_id: 'pria-web',
        response_type: 'code',
        scope: 'openid email',
        redirect_uri: `${t.url}/auth/callback`,
        code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
        code_challenge_method: 'S256',
        resource: t.config.oidc.audience,
        ...extra,
      }).toString();
      return go(auth.toString());
    },
  };
}

const outboxCode = async (to: string) => {
  const row = await t.db
    .selectFrom('message_outbox')
    .select('text_body')
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return /\b(\d{6})\b/.exec(row?.text_body ?? '')?.[1] ?? '';
};

describe('sign-in throttling per IP, by real failures', () => {
  it('refuses an address after IP_MAX_FAILURES failures over many accounts; forged X-Forwarded-For does not help', async () => {
    await createUser(t.db, { email: 'victim@example.com', password: PASSWORD, emailVerified: true });
    const attacker = browser(viaProxy('203.0.113.7'));
    const login = await attacker.open();
    const action = attacker.action(login);
    // Credential stuffing: one guess per account, so no account reaches its own lock.
    for (let i = 0; i < IP_MAX_FAILURES; i++) {
      const r = await attacker.go(action, { email: `user${i}@example.com`, password: `guess-${i}-pw` });
      expect(r.status).toBe(401);
    }
    // Now even a right password is refused from that address...
    const refused = await attacker.go(action, { email: 'victim@example.com', password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('try again later');
    // ...including when the attacker forges the header the proxy appends to.
    const forged = browser(viaProxy('203.0.113.7', `198.51.100.${Math.floor(Math.random() * 200)}`));
    const forgedLogin = await forged.open();
    const forgedTry = await forged.go(forged.action(forgedLogin), {
      email: 'victim@example.com',
      password: PASSWORD,
    });
    expect(forgedTry.status).toBe(429);
    const recorded = await t.db
      .selectFrom('idp_sign_in_events')
      .select('ip')
      .where('email', '=', 'victim@example.com')
      .execute();
    expect(recorded.every((e) => e.ip === '203.0.113.7')).toBe(true);

    // Another customer's address is not affected, and the victim's account is not locked.
    const other = browser(viaProxy('192.0.2.44'));
    const ok = await other.go(other.action(await other.open()), {
      email: 'victim@example.com',
      password: PASSWORD,
    });
    expect(ok.url.startsWith(`${t.url}/auth/callback`)).toBe(true);
  });
});

describe('contact form behind the proxy', () => {
  it('allows 5 messages a minute per client address, whatever X-Forwarded-For the client forges', async () => {
    const post = (headers: Record<string, string>, i: number) =>
      fetch(`${t.url}/api/v1/support/contact-us`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'spam@example.com', type: 'Other', message: `hello ${i}` }),
      });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      // A fresh forged address on every request: a limiter keyed on it would never trigger.
      codes.push((await post(viaProxy('203.0.113.50', `10.0.${i}.${i}`), i)).status);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const limited = await post(viaProxy('203.0.113.50'), 99);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ httpCode: 429, code: 'RATE_LIMITED' });
    expect((await post(viaProxy('203.0.113.51'), 100)).status).toBe(200);
    const stored = await t.db
      .selectFrom('support_messages')
      .select('id')
      .where('email', '=', 'spam@example.com')
      .execute();
    expect(stored).toHaveLength(6);
  });
});

describe('MFA code limits', () => {
  async function mfaUser(email: string) {
    const { id } = await createUser(t.db, { email, password: PASSWORD, emailVerified: true });
    await t.db
      .updateTable('idp_users')
      .set({ mfa_type: 'email', mfa_enrolled_at: new Date() })
      .where('id', '=', id)
      .execute();
    return id;
  }
  /** A sign-in stopped on the code page, from its own address. */
  async function codePage(email: string, ip: string) {
    const b = browser(viaProxy(ip));
    const page = await b.go(b.action(await b.open()), { email, password: PASSWORD });
    return { b, page };
  }

  it('caps wrong codes per user across restarted sign-ins, then refuses even the right code', async () => {
    const email = 'mfa-guess@example.com';
    await mfaUser(email);
    let wrong = 0;
    // Each sign-in allows MFA_MAX_ATTEMPTS guesses, then must restart with the password.
    for (let round = 0; wrong < secondFactorLock.maxFailures; round++) {
      const { b, page } = await codePage(email, `198.51.100.${round + 1}`);
      expect(page.status).toBe(200);
      expect(page.html).toContain('name="code"');
      const right = await outboxCode(email);
      for (let i = 0; i < MFA_MAX_ATTEMPTS && wrong < secondFactorLock.maxFailures; i++) {
        const bad = right === '000000' ? '111111' : '000000';
        const r = await b.go(b.action(page), { code: bad });
        wrong++;
        expect([401, 429]).toContain(r.status);
      }
    }
    // The user is now locked for the window: a fresh sign-in with the right password and then
    // the right code (read from the outbox) still does not get in, from any address.
    const { b, page } = await codePage(email, '192.0.2.99');
    if (page.status === 200 && page.html.includes('name="code"')) {
      const r = await b.go(b.action(page), { code: await outboxCode(email) });
      expect(r.status).toBe(429);
      expect(r.url.startsWith(`${t.url}/auth/callback`)).toBe(false);
    } else {
      expect(page.status).toBe(429);
    }
  });

  it('caps code sends per sign-in and per user per hour', async () => {
    const email = 'mfa-resend@example.com';
    const id = await mfaUser(email);
    const sent = async () =>
      (await t.db.selectFrom('message_outbox').select('id').where('recipient', '=', email).execute()).length;
    const { b, page } = await codePage(email, '198.51.100.200');
    expect(await sent()).toBe(1);
    const resend = `${new URL(b.action(page)).pathname}/resend`;
    const statuses: number[] = [];
    for (let i = 0; i < MFA_MAX_SENDS + 1; i++) statuses.push((await b.go(resend, {})).status);
    // The first send was the sign-in's own; MFA_MAX_SENDS in all per sign-in.
    expect(statuses.slice(0, MFA_MAX_SENDS - 1)).toEqual(Array(MFA_MAX_SENDS - 1).fill(200));
    expect(statuses.slice(MFA_MAX_SENDS - 1)).toEqual([429, 429]);
    expect(await sent()).toBe(MFA_MAX_SENDS);

    // Across sign-ins: at most MFA_USER_MAX_SENDS_PER_HOUR codes an hour for one user.
    for (let i = 0; (await sent()) < MFA_USER_MAX_SENDS_PER_HOUR && i < 10; i++) {
      const next = await codePage(email, `198.51.100.${210 + i}`);
      const resendNext = `${new URL(next.b.action(next.page)).pathname}/resend`;
      while ((await sent()) < MFA_USER_MAX_SENDS_PER_HOUR) {
        if ((await next.b.go(resendNext, {})).status !== 200) break;
      }
    }
    expect(await sent()).toBe(MFA_USER_MAX_SENDS_PER_HOUR);
    const over = await codePage(email, '198.51.100.250');
    expect(over.page.status).toBe(429);
    expect(over.page.html).toContain('Too many codes were sent');
    expect(await sent()).toBe(MFA_USER_MAX_SENDS_PER_HOUR);
    const events = await t.db
      .selectFrom('idp_sign_in_events')
      .select('reason')
      .where('user_id', '=', id)
      .where('reason', '=', 'mfa-code-sent')
      .execute();
    expect(events).toHaveLength(MFA_USER_MAX_SENDS_PER_HOUR);
  });
});

describe('sign-ups per address', () => {
  it('allows 10 new accounts an hour from one address', async () => {
    const ip = '203.0.113.99';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const b = browser(viaProxy(ip));
      const page = await b.open({ screen_hint: 'signup' });
      const r = await b.go(b.action(page), {
        email: `new${i}@example.com`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        terms: 'yes',
      });
      statuses.push(r.status);
    }
    // Each new account ends on "Check your email" (200), the page a taken address sees too.
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const other = browser(viaProxy('203.0.113.100'));
    const page = await other.open({ screen_hint: 'signup' });
    const r = await other.go(other.action(page), {
      email: 'new-other@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: 'yes',
    });
    expect(r.status).toBe(200);
  });
});
