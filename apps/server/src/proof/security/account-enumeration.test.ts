import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { addressKey, addressLock } from '../../idp/sign-in-locks.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { actionOf, browser } from '../../test/idp-browser.ts';

/**
 * Nobody learns whether an address has an account (issue 39). Before, seven wrong passwords for
 * an address with an account answered 401 ×4 then 429 "Too many failed sign-in attempts", and
 * for an unknown one 401 forever; sign-up answered 409 "An account with this email already
 * exists". Now the sign-in lock counts every submitted address alike, and sign-up shows "Check
 * your email" either way (the owner of a taken address gets an email).
 */
const PASSWORD = 'correct horse 1';
let t: TestApp;

beforeAll(async () => {
  // Each test from its own client address, behind the proxy: the per-IP sign-in limit (20
  // failures) is not what these tests are about.
  t = await startTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => t?.stop());

let clients = 0;
const nextClient = () => ({ 'x-forwarded-for': `203.0.113.${++clients}` });

/** A page as it reads to anyone, with what differs by design (the interaction, the address typed) taken out. */
const comparable = (html: string, email: string) =>
  html
    .replaceAll(/\/oidc\/interaction\/[^/"]+/g, '/oidc/interaction/UID')
    .replaceAll(email.toLowerCase(), 'EMAIL');

async function wrongPasswords(email: string, n: number) {
  const b = browser(t, nextClient());
  const login = await b.open();
  const action = actionOf(login.html, login.url);
  const answers: { status: number; page: string }[] = [];
  for (let i = 0; i < n; i++) {
    const r = await b.post(action, { email, password: `wrong guess ${i}` });
    answers.push({ status: r.res.status, page: comparable(r.html, email) });
  }
  const right = await b.post(action, { email, password: PASSWORD });
  return { answers, right: { status: right.res.status, page: comparable(right.html, email) } };
}

describe('sign-in and its lock', () => {
  it('answers a known and an unknown address with the same statuses and pages over eight wrong passwords', async () => {
    await createUser(t.db, { email: 'known@example.com', password: PASSWORD, emailVerified: true });
    const known = await wrongPasswords('known@example.com', 8);
    const unknown = await wrongPasswords('unknown@example.com', 8);

    const locksAt = addressLock.maxFailures;
    expect(known.answers.map((a) => a.status)).toEqual([
      ...Array(locksAt - 1).fill(401),
      ...Array(8 - locksAt + 1).fill(429),
    ]);
    expect(unknown.answers.map((a) => a.status)).toEqual(known.answers.map((a) => a.status));
    expect(unknown.answers.map((a) => a.page)).toEqual(known.answers.map((a) => a.page));
    expect(known.answers[0]?.page).toContain('Wrong email or password.');
    expect(known.answers[locksAt - 1]?.page).toContain('Too many failed sign-in attempts');
    // The right password of the known address is refused while locked, as any is for the unknown.
    expect(known.right.status).toBe(429);
    expect(unknown.right).toEqual(known.right);
  });

  it('checks no more wrong passwords than the lock allows when many arrive at once, known address or not', async () => {
    await createUser(t.db, { email: 'rushed@example.com', password: PASSWORD, emailVerified: true });
    const rush = async (email: string) => {
      const b = browser(t, nextClient());
      const login = await b.open();
      const action = actionOf(login.html, login.url);
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          b.post(action, { email, password: `rushed ${i}` }).then((r) => r.res.status),
        ),
      );
      const checked = await t.db
        .selectFrom('idp_sign_in_events')
        .select('reason')
        .where('email', '=', email)
        .where('reason', 'in', ['password', 'unknown-user'])
        .execute();
      return { statuses: statuses.sort(), checked: checked.length };
    };
    const known = await rush('rushed@example.com');
    const unknown = await rush('nobody-rushed@example.com');
    expect(known.checked).toBe(addressLock.maxFailures);
    expect(unknown.checked).toBe(addressLock.maxFailures);
    expect(known.statuses).toEqual([
      ...Array(addressLock.maxFailures - 1).fill(401),
      ...Array(30 - addressLock.maxFailures + 1).fill(429),
    ]);
    expect(unknown.statuses).toEqual(known.statuses);
  });

  it('keeps an address without an account out of the lock in clear: only its SHA-256', async () => {
    await wrongPasswords('never-a-customer@example.com', 1);
    const rows = await t.db.selectFrom('idp_sign_in_locks').selectAll().execute();
    expect(rows.map((r) => r.key)).toContain(addressKey('never-a-customer@example.com'));
    expect(JSON.stringify(rows)).not.toContain('never-a-customer');
  });
});

describe('sign-up', () => {
  async function signUp(email: string, password: string) {
    const b = browser(t, nextClient());
    const page = await b.open({ screen_hint: 'signup' });
    const r = await b.post(actionOf(page.html, page.url), {
      email,
      password,
      confirmPassword: password,
      terms: 'yes',
    });
    return { status: r.res.status, page: comparable(r.html, email) };
  }
  const mailTo = (email: string) =>
    t.db
      .selectFrom('message_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', email)
      .orderBy('id')
      .execute();

  it('with a taken address shows the page a new address gets, emails the owner, and makes no second account', async () => {
    const { id } = await createUser(t.db, {
      email: 'owner@example.com',
      password: PASSWORD,
      emailVerified: true,
    });
    const fresh = await signUp('brand-new@example.com', 'another passphrase 7');
    const taken = await signUp('Owner@Example.com', 'another passphrase 7');

    expect(fresh.status).toBe(200);
    expect(fresh.page).toContain('Check your email');
    expect(taken).toEqual(fresh);
    expect(taken.page).not.toContain('already exists');

    // The new address got its verification link; the owner, word that someone tried.
    expect((await mailTo('brand-new@example.com')).map((m) => m.subject)).toEqual([
      'Verify your Pria email address',
    ]);
    const told = await mailTo('owner@example.com');
    expect(told.map((m) => m.subject)).toEqual(['Someone tried to sign up with your email address']);
    expect(told[0]?.text_body).toContain(`If it was you, log in: ${t.url}/login`);
    expect(told[0]?.text_body).toContain(`${t.url}/oidc/forgot-password`);

    // One account, unchanged: its password still works, the attacker's does not.
    const accounts = await t.db
      .selectFrom('idp_users')
      .select(['id', 'email_verified'])
      .where('email', '=', 'owner@example.com')
      .execute();
    expect(accounts).toEqual([{ id, email_verified: true }]);
    const b = browser(t, nextClient());
    const login = await b.open();
    const attacker = await b.post(actionOf(login.html, login.url), {
      email: 'owner@example.com',
      password: 'another passphrase 7',
    });
    expect(attacker.res.status).toBe(401);
    const owner = await b.post(actionOf(login.html, login.url), {
      email: 'owner@example.com',
      password: PASSWORD,
    });
    expect(owner.url.startsWith(b.redirectUri)).toBe(true);

    // Tried again within the hour: the same page, and no second email to flood the owner's inbox.
    expect(await signUp('owner@example.com', 'yet another passphrase 8')).toEqual(fresh);
    expect(await mailTo('owner@example.com')).toHaveLength(1);
    const tries = await t.db
      .selectFrom('idp_sign_in_events')
      .select('reason')
      .where('user_id', '=', id)
      .where('reason', '=', 'signup-taken')
      .execute();
    expect(tries).toHaveLength(2);
  });

  it('refuses bad input alike for a taken and a new address', async () => {
    await createUser(t.db, { email: 'weak-owner@example.com', password: PASSWORD, emailVerified: true });
    const fresh = await signUp('weak-new@example.com', 'password');
    const taken = await signUp('weak-owner@example.com', 'password');
    expect(fresh.status).toBe(400);
    expect(taken).toEqual(fresh);
  });
});
