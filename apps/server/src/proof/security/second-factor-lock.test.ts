import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { MFA_MAX_ATTEMPTS } from '../../idp/mfa.ts';
import { secondFactorLock, signInLockedMessage } from '../../idp/sign-in-locks.ts';
import { base32Decode, totp } from '../../idp/totp.ts';
import { apiClient } from '../../test/api-client.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { actionOf, browser } from '../../test/idp-browser.ts';
import { oidcLogin } from '../../test/oidc-login.ts';
import { softAuthenticator } from '../../test/soft-authenticator.ts';

/**
 * One lock for every second factor (issue 39): an attacker who knows the password gets
 * `secondFactorLock.maxFailures` guesses per window in all, whether they guess authenticator
 * codes, recovery codes or passkey assertions, in turn or all at once; then even the right
 * answer is refused until the lock ends. (Before, wrong recovery codes never locked: 20 of them
 * over 4 sign-ins, then the right authenticator code, signed in.)
 */
const PASSWORD = 'correct horse 1';
let t: TestApp;
let rp: { origin: string; rpId: string };

beforeAll(async () => {
  // Each sign-in from its own client address (X-Forwarded-For behind the proxy), so no per-IP
  // limit stands in for the lock under test.
  t = await startTestApp({ TRUST_PROXY: 'loopback' });
  rp = { origin: new URL(t.url).origin, rpId: new URL(t.url).hostname };
});
afterAll(() => t?.stop());

let clients = 0;
const nextClient = () => ({ 'x-forwarded-for': `198.51.100.${++clients}` });

async function form(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return res.text();
}

/** A customer with every second factor: an authenticator app, ten recovery codes and a passkey. */
async function guardedCustomer(email: string) {
  const { id } = await createUser(t.db, { email, password: PASSWORD, emailVerified: true });
  const api = apiClient(t.url, (await oidcLogin({ baseUrl: t.url, email, password: PASSWORD })).access_token);
  const passkey = softAuthenticator(rp);
  const options = await api.post('/api/v1/account/passkeys/options');
  const added = await api.post('/api/v1/account/passkeys', {
    name: 'Laptop',
    response: passkey.register(options.body.data),
  });
  expect(added.status).toBe(201);
  const ticket = new URL((await api.post('/api/v1/mfa?status=true')).body.data.url).searchParams.get(
    'ticket',
  );
  const qr = await form(`${t.url}/oidc/mfa/enroll`, { ticket: ticket ?? '', method: 'authenticator' });
  const key = base32Decode(/<code class="secret"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(qr)?.[1] ?? '');
  const done = await form(`${t.url}/oidc/mfa/enroll/confirm`, {
    ticket: ticket ?? '',
    code: totp(key, Date.now()),
  });
  const codes = [...done.matchAll(/<li><code>([a-z2-7]{5}-[a-z2-7]{5})<\/code><\/li>/g)].map(
    (m) => m[1] ?? '',
  );
  expect(codes).toHaveLength(10);
  // The enrolment used this step's code: the next step's is the right one from now on.
  const rightCode = () => totp(key, Date.now() + 30_000);
  const wrongCode = () => (rightCode() === '000000' ? '111111' : '000000');
  return { id, email, passkey, codes, rightCode, wrongCode };
}
type Customer = Awaited<ReturnType<typeof guardedCustomer>>;

/** A sign-in stopped at its second step (the password was right), from a client of its own. */
async function secondStep(c: Customer) {
  const b = browser(t, nextClient());
  const login = await b.open();
  const page = await b.post(actionOf(login.html, login.url), { email: c.email, password: PASSWORD });
  expect(page.res.status).toBe(200);
  expect(page.html).toContain('name="code"');
  const code = async (value: string) => {
    const r = await b.post(page.url, { code: value });
    return { status: r.url.startsWith(b.redirectUri) ? 302 : r.res.status, html: r.html };
  };
  const recovery = async (value: string) => {
    const r = await b.post(`${page.url}/recovery`, { code: value });
    return { status: r.url.startsWith(b.redirectUri) ? 302 : r.res.status, html: r.html };
  };
  return { code, recovery };
}

/** A passkey sign-in; its answer as the page's script shows it ('signed in' or the server's words). */
const passkeySignIn = (c: Customer, lie: { origin?: string } = {}) =>
  oidcLogin({ baseUrl: t.url, email: '', password: '', passkey: (o) => c.passkey.authenticate(o, lie) }).then(
    () => 'signed in',
    (err: Error) => err.message,
  );
const wrongPasskey = (c: Customer) => passkeySignIn(c, { origin: 'https://evil.example' });

/** The wrong second factors the lock counted (each recorded once, with its kind). */
const failuresOf = async (c: Customer) =>
  (
    await t.db
      .selectFrom('idp_sign_in_events')
      .select('reason')
      .where('user_id', '=', c.id)
      .where('success', '=', false)
      .where('reason', 'in', ['mfa', 'recovery code', 'passkey refused'])
      .execute()
  ).map((e) => e.reason);

/** The clock passing the lock's end. */
const lockEnds = (c: Customer) =>
  t.db
    .updateTable('idp_sign_in_locks')
    .set({ locked_until: new Date(Date.now() - 1000), window_started_at: new Date(Date.now() - 3_600_000) })
    .where('lock', '=', secondFactorLock.name)
    .where('key', '=', c.id)
    .execute();

describe('one lock for every second factor', () => {
  it('wrong authenticator codes, recovery codes and passkey assertions in turn reach the one lock', async () => {
    const c = await guardedCustomer('mixed-guesses@example.com');
    const first = await secondStep(c);
    const second = await secondStep(c);
    const answers: (number | string)[] = [];
    for (let i = 0; i < 4; i++) answers.push((await first.code(c.wrongCode())).status);
    for (let i = 0; i < 3; i++) answers.push((await second.recovery('aaaaa-aaaaa')).status);
    for (let i = 0; i < 2; i++) answers.push(await wrongPasskey(c));
    const refusedPasskey = 'That passkey could not sign you in. Try again, or log in with your password.';
    expect(answers).toEqual([401, 401, 401, 401, 401, 401, 401, refusedPasskey, refusedPasskey]);
    expect(secondFactorLock.maxFailures).toBe(answers.length + 1);

    // The tenth wrong answer, of whatever kind, turns the lock on and says so.
    const tenth = await second.recovery('bbbbb-bbbbb');
    expect(tenth.status).toBe(429);
    expect(tenth.html).toContain(signInLockedMessage);
    expect(await failuresOf(c)).toHaveLength(secondFactorLock.maxFailures);

    // Now every right answer is refused: the authenticator code, a recovery code, the passkey,
    // and a new sign-in stops at the password step.
    const code = await first.code(c.rightCode());
    expect(code.status).toBe(429);
    expect(code.html).toContain(signInLockedMessage);
    expect((await first.recovery(c.codes[0] ?? '')).status).toBe(429);
    expect(await passkeySignIn(c)).toBe(signInLockedMessage);
    const fresh = browser(t, nextClient());
    const login = await fresh.open();
    const again = await fresh.post(actionOf(login.html, login.url), { email: c.email, password: PASSWORD });
    expect(again.res.status).toBe(429);
    expect(again.html).toContain(signInLockedMessage);
    // Refused answers were never checked: no recovery code was used, and the count stands.
    const unused = await t.db
      .selectFrom('idp_recovery_codes')
      .select('id')
      .where('user_id', '=', c.id)
      .where('used_at', 'is', null)
      .execute();
    expect(unused).toHaveLength(10);
    expect(await failuresOf(c)).toHaveLength(secondFactorLock.maxFailures);
  });

  it('records the wrong passkey that turns the lock on as a checked failure, not as a refusal', async () => {
    const c = await guardedCustomer('passkey-tenth@example.com');
    let wrong = 0;
    while (wrong < secondFactorLock.maxFailures - 1) {
      const s = await secondStep(c);
      for (let i = 0; i < MFA_MAX_ATTEMPTS - 1 && wrong < secondFactorLock.maxFailures - 1; i++, wrong++)
        await s.code(c.wrongCode());
    }
    expect(await wrongPasskey(c)).toBe(signInLockedMessage);
    const failures = await failuresOf(c);
    expect(failures).toHaveLength(secondFactorLock.maxFailures);
    expect(failures.filter((r) => r === 'passkey refused')).toHaveLength(1);
    // The next one is refused unchecked, and recorded as such.
    expect(await wrongPasskey(c)).toBe(signInLockedMessage);
    expect(await failuresOf(c)).toHaveLength(secondFactorLock.maxFailures);
  });

  it('refuses the right code while locked, and takes it once the lock has ended', async () => {
    const c = await guardedCustomer('right-after-lock@example.com');
    const waiting = await secondStep(c);
    // Ten wrong codes over three sign-ins (each allows MFA_MAX_ATTEMPTS before it restarts).
    let wrong = 0;
    while (wrong < secondFactorLock.maxFailures) {
      const s = await secondStep(c);
      for (let i = 0; i < MFA_MAX_ATTEMPTS - 1 && wrong < secondFactorLock.maxFailures; i++, wrong++)
        await s.code(c.wrongCode());
    }
    const refused = await waiting.code(c.rightCode());
    expect(refused.status).toBe(429);
    expect(refused.html).toContain(signInLockedMessage);
    expect(await passkeySignIn(c)).toBe(signInLockedMessage);

    await lockEnds(c);
    expect((await waiting.code(c.rightCode())).status).toBe(302);
    expect(await passkeySignIn(c)).toBe('signed in');
  });

  it('checks no more than the limit of many wrong guesses in flight at once, codes and passkeys mixed', async () => {
    const c = await guardedCustomer('concurrent-guesses@example.com');
    // Ten sign-ins stopped at the second step (opened one by one: the password step has its own
    // lock, which counts sign-ins in flight too), then 50 wrong answers sent together.
    const steps: Awaited<ReturnType<typeof secondStep>>[] = [];
    for (let i = 0; i < 10; i++) steps.push(await secondStep(c));
    const codeAnswers = steps.flatMap((s) =>
      Array.from({ length: MFA_MAX_ATTEMPTS - 1 }, (_, i) =>
        (i % 2 ? s.recovery('ccccc-ccccc') : s.code(c.wrongCode())).then((r) => r.status),
      ),
    );
    const passkeyAnswers = Array.from({ length: 10 }, () => wrongPasskey(c));
    const answers = await Promise.all([...codeAnswers, ...passkeyAnswers]);
    expect(answers).toHaveLength(50);
    // Exactly the limit was checked (and recorded); every other guess was refused unchecked.
    expect(await failuresOf(c)).toHaveLength(secondFactorLock.maxFailures);
    const refused = answers.filter((a) => a === 429 || a === signInLockedMessage);
    expect(refused.length).toBeGreaterThanOrEqual(answers.length - secondFactorLock.maxFailures);
    // …and the lock is on: the right code from one of those sign-ins is refused.
    expect((await steps[0]?.code(c.rightCode()))?.status).toBe(429);
  });
});
