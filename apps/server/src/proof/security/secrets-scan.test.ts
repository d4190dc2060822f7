import { Writable } from 'node:stream';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { base32Decode, totp } from '../../idp/totp.ts';
import { forceBillingRun } from '../../modules/billing/index.ts';
import { cliAuditContext } from '../../platform/audit.ts';
import { fixedClock } from '../../platform/clock.ts';
import { createLogger } from '../../platform/logger.ts';
import { type Services, startServices } from '../../services.ts';
import { lastMessageTo } from '../../test/account-session.ts';
import { apiClient } from '../../test/api-client.ts';
import { addCard } from '../../test/customers.ts';
import { nextDuePayin } from '../../test/due-period.ts';
import { freePort } from '../../test/free-port.ts';
import { testDatabaseEnv } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

/**
 * A realistic customer journey through the API with the whole server logging at trace level:
 * sign-up, two cards, checkout, a pay-in and its pay-back, a password change, MFA enrolment
 * (authenticator app) and an MFA sign-in, an account-deletion code, and another customer's
 * password reset by email link. Afterwards every row of every table of the public schema and
 * every captured log line is searched for the secrets that went through:
 * card numbers, CVCs, passwords, one-time codes, the TOTP secret and the tokens. (The
 * processor's own schema, gateway_sim, is not ours and is not scanned.)
 */
const EMAIL = 'journey@example.com';
const PASSWORD_1 = 'Sign-up Pass 7731!';
const PASSWORD_2 = 'Changed Pass 5520?';
const CARDS = [
  { number: '4111 1111 1111 1111', cvc: '8642' },
  { number: '5555 5555 5555 4444', cvc: '9753' },
];
const lines: string[] = [];
let services: Services;
let url: string;
/** Secrets seen during the journey: name -> value. */
const secrets = new Map<string, string>();
/** One-time codes and links: they ride in the outbox (the delivery queue) and nowhere else. */
const outboxOnly = new Map<string, string>();
/**
 * Live refresh tokens: oidc-provider's adapter keys opaque tokens by their value, so a live
 * one is in oidc_payloads (and nowhere else). A known gap, see docs/security.md.
 */
const providerOnly = new Map<string, string>();

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: url,
    ...(await testDatabaseEnv()),
    LOG_LEVEL: 'trace',
    PRIA_JOBS: 'false',
  });
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  services = await startServices(config, createLogger('trace', sink));
  await services.app.listen({ port, host: '127.0.0.1' });
}, 60_000);
afterAll(() => services?.stop());

async function form(path: string, fields: Record<string, string>) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.status, html: await res.text() };
}

/**
 * A value standing alone (not digits inside a longer number, an id, a timestamp's year or fraction,
 * or a migration's number: a 4-digit code once matched "0042_…" in kysely_migration, CI).
 */
const standalone = (v: string) => new RegExp(`(?<![0-9A-Za-z.:+-])${v}(?![0-9A-Za-z_-])`);

function findings(haystack: string, values: Map<string, string>) {
  const found: string[] = [];
  for (const [name, value] of values) {
    const forms = [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)];
    const hit = /^\d{3,8}$/.test(value)
      ? standalone(value).test(haystack)
      : forms.some((f) => haystack.includes(f));
    if (hit) found.push(name);
  }
  return found;
}

describe('secrets at rest and in logs after a full customer journey', () => {
  it('keeps card data, passwords, codes and tokens out of every table and every log line', async () => {
    // Sign-up (verification link by email), then a second sign-in with the same password.
    const first = await oidcLogin({ baseUrl: url, email: EMAIL, password: PASSWORD_1, signUp: true });
    const verifyLink =
      /\/oidc\/verify-email\?token=([\w-]+)/.exec(await lastMessageTo(services.db, EMAIL))?.[1] ?? '';
    expect(verifyLink).toBeTruthy();
    outboxOnly.set('email verification token', verifyLink);
    expect((await fetch(`${url}/oidc/verify-email?token=${verifyLink}`)).status).toBe(200);
    secrets.set('password (sign-up)', PASSWORD_1);
    secrets.set('access token', first.access_token);
    providerOnly.set('refresh token', first.refresh_token ?? 'missing');
    secrets.set('id token', first.id_token ?? 'missing');
    let api = apiClient(url, first.access_token);

    // Profile, two cards (number and CVC encrypted in the "browser"), checkout.
    const profile = await api.put('/api/v1/customers/me', {
      firstName: 'Jo',
      lastName: 'Urney',
      phone: '2025550177',
      address: { address1: '1 Main St', locality: 'New York', administrativeArea: 'NY', postalCode: '10001' },
    });
    expect(profile.status).toBe(200);
    const cardIds: string[] = [];
    for (const [i, c] of CARDS.entries()) {
      const res = await addCard(api, c.number, c.cvc);
      expect(res.status).toBe(201);
      cardIds.push(res.body.data.id);
      secrets.set(`card number ${i}`, c.number.replace(/ /g, ''));
      secrets.set(`card number ${i} (spaced)`, c.number);
      secrets.set(`cvc ${i}`, c.cvc);
    }
    const checkout = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cardIds[0] });
    expect(checkout.status).toBe(200);
    const due = nextDuePayin();
    const billing = { ...services.billing, clock: fixedClock(due.at) };
    const payin = await forceBillingRun(
      billing,
      { kind: 'payin', period: due.period, audit: cliAuditContext('test') },
      { wait: true },
    );
    expect(payin.done).toBe(2);
    // Paid back (deletion is refused while a pay-back is owed).
    const payout = await forceBillingRun(
      billing,
      { kind: 'payout', period: due.period, audit: cliAuditContext('test') },
      { wait: true },
    );
    expect(payout.status).toBe('completed');

    // Password change (the sign-up was just now, so it is recent enough).
    const changed = await api.put('/api/v1/customers/change-password', {
      password: PASSWORD_2,
      confirmPassword: PASSWORD_2,
    });
    expect(changed.status).toBe(200);
    secrets.set('password (changed)', PASSWORD_2);
    const second = await oidcLogin({ baseUrl: url, email: EMAIL, password: PASSWORD_2 });
    secrets.set('access token 2', second.access_token);
    providerOnly.set('refresh token 2', second.refresh_token ?? 'missing');
    api = apiClient(url, second.access_token);

    // MFA with an authenticator app: the ticket link, the secret, the confirming code.
    const mfa = await api.post('/api/v1/mfa?status=true');
    expect(mfa.status).toBe(200);
    const ticket = new URL(mfa.body.data.url).searchParams.get('ticket') ?? '';
    secrets.set('MFA enrolment ticket', ticket);
    const qr = await form('/oidc/mfa/enroll', { ticket, method: 'authenticator' });
    const secret = /<code class="secret"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(qr.html)?.[1] ?? '';
    expect(secret).toBeTruthy();
    secrets.set('TOTP secret', secret.replace(/ /g, ''));
    secrets.set('TOTP secret (grouped)', secret);
    const key = base32Decode(secret);
    const enrolCode = totp(key, Date.now());
    secrets.set('TOTP code (enrolment)', enrolCode);
    expect((await form('/oidc/mfa/enroll/confirm', { ticket, code: enrolCode })).status).toBe(200);
    const signInCode = totp(key, Date.now() + 30_000);
    secrets.set('TOTP code (sign-in)', signInCode);
    const third = await oidcLogin({
      baseUrl: url,
      email: EMAIL,
      password: PASSWORD_2,
      otp: () => signInCode,
    });
    expect(decodeJwt(third.access_token).amr).toContain('mfa');
    secrets.set('access token 3', third.access_token);
    providerOnly.set('refresh token 3', third.refresh_token ?? 'missing');
    api = apiClient(url, third.access_token);

    // An account-deletion code (by SMS to the profile phone), and a wrong try (the account stays).
    expect((await api.delete('/api/v1/customers')).status).toBe(200);
    const deletionCode = /\b(\d{4})\b/.exec(await lastMessageTo(services.db, '+12025550177'))?.[1] ?? '';
    expect(deletionCode).toMatch(/^\d{4}$/);
    outboxOnly.set('account deletion code', deletionCode);
    const wrong = deletionCode === '0000' ? '1111' : '0000';
    expect((await api.delete(`/api/v1/customers?code=${wrong}`)).status).toBe(400);
    expect((await api.get('/api/v1/customers/me')).status).toBe(200);

    // Another customer forgets their password (issue 18): the reset link's token rides in the
    // outbox only (its SHA-256 is stored), in a logged URL and a posted form.
    const resetEmail = 'forgetful@example.com';
    await oidcLogin({ baseUrl: url, email: resetEmail, password: 'Forgotten Pass 3318#', signUp: true });
    secrets.set('password (forgotten)', 'Forgotten Pass 3318#');
    expect((await form('/oidc/forgot-password', { email: resetEmail })).status).toBe(200);
    const resetToken =
      /\/oidc\/reset-password\?token=([\w-]+)/.exec(await lastMessageTo(services.db, resetEmail))?.[1] ?? '';
    expect(resetToken).toBeTruthy();
    outboxOnly.set('password reset token', resetToken);
    expect((await fetch(`${url}/oidc/reset-password?token=${resetToken}`)).status).toBe(200);
    await form('/oidc/reset-password', {
      token: resetToken,
      password: 'Recovered Pass 6604%',
      confirmPassword: 'Recovered Pass 6604%',
    });
    secrets.set('password (reset)', 'Recovered Pass 6604%');
    await oidcLogin({ baseUrl: url, email: resetEmail, password: 'Recovered Pass 6604%' });

    // The scanner itself finds what it looks for (a positive control).
    expect(findings(`{"cvc":"${CARDS[0]?.cvc}","p":"${PASSWORD_1}"}`, secrets)).toEqual([
      'password (sign-up)',
      'cvc 0',
    ]);

    // --- every table of the public schema ---
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(services.db);
    expect(tables.rows.length).toBeGreaterThan(15);
    const leaks: string[] = [];
    let outboxText = '';
    for (const { name } of tables.rows) {
      const rows = await sql<{ r: string }>`select t::text as r from ${sql.table(name)} t`.execute(
        services.db,
      );
      const text = rows.rows.map((x) => x.r).join('\n');
      if (name === 'message_outbox') outboxText = text;
      for (const f of findings(text, secrets)) leaks.push(`${name}: ${f}`);
      if (name !== 'message_outbox') for (const f of findings(text, outboxOnly)) leaks.push(`${name}: ${f}`);
      if (name !== 'oidc_payloads') for (const f of findings(text, providerOnly)) leaks.push(`${name}: ${f}`);
    }
    expect(leaks).toEqual([]);
    // The refresh tokens revoked by the password change and by turning MFA on (issue 30) are gone
    // from the provider's store too; only the live one of the last sign-in is there.
    const payloads = await sql<{ r: string }>`select t::text as r from oidc_payloads t`.execute(services.db);
    expect(findings(payloads.rows.map((x) => x.r).join('\n'), providerOnly)).toEqual(['refresh token 3']);
    // The codes did go out (through the outbox), so the scan above was looking at real data.
    expect(findings(outboxText, outboxOnly).sort()).toEqual([...outboxOnly.keys()].sort());

    // --- every log line ---
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(40); // one line per request (two before 2026-11-23)
    expect(log).toContain('/api/v1/cards'); // the journey was logged...
    expect(log).toContain('/oidc/');
    const all = new Map([...secrets, ...outboxOnly, ...providerOnly]);
    expect(findings(log, all)).toEqual([]); // ...without any of its secrets
    // Nor any bearer or cookie header, whatever the token.
    expect(log).not.toMatch(/Bearer ey/);
    expect(log).not.toMatch(/_session=/);
  }, 120_000);

  // Issue 39: a data download holds the messages sent for the customer's own account, found by
  // the account each message names, never by address (a phone number is not verified).
  it('names on every message of the journey the account it was sent for: the identity it went to', async () => {
    const sent = await services.db.selectFrom('message_outbox').select('channel').execute();
    // Emails (verification, notices, reset) and SMS (money notices, the deletion code).
    expect(new Set(sent.map((m) => m.channel))).toEqual(new Set(['email', 'sms']));
    const unnamed = await sql<{ recipient: string; subject: string | null; named: string | null }>`
      select m.recipient, m.subject, m.account_subject as named from message_outbox m
      left join idp_users u on u.id = m.account_subject
      where m.account_subject is null or m.account_issuer <> ${services.config.oidc.issuer}
         or (m.channel = 'email' and m.recipient <> u.email)`.execute(services.db);
    expect(unnamed.rows).toEqual([]);
    const phoneMessages = await sql<{ email: string }>`
      select distinct u.email from message_outbox m join idp_users u on u.id = m.account_subject
      where m.recipient = '+12025550177'`.execute(services.db);
    expect(phoneMessages.rows).toEqual([{ email: EMAIL }]);
  });
});
