import { setTimeout as sleep } from 'node:timers/promises';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessageTo } from '../test/account-session.ts';
import { apiClient } from '../test/api-client.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { refresh } from '../test/idp-browser.ts';
import { oidcLogin, type Tokens } from '../test/oidc-login.ts';
import { createUser } from './index.ts';
import { base32Decode, totp } from './totp.ts';

/**
 * Revocation that wins every race (issue 39, ADR 51). An attacker held 12 sessions of one
 * customer, fired their refresh-token grants 0–22 ms apart and "sign out everywhere" at +12 ms:
 * refreshes that had loaded their grant before the revocation deleted it minted access tokens
 * that lived until they expired. Here every revoking event races such a burst (real requests in
 * flight together, over HTTP, against the real provider), and every token any refresh of the
 * burst returned, access or refresh, must be dead once the revocation has answered.
 */
let t: TestApp;
const SESSIONS = 12;
const ROUNDS = 2;
const PASSWORD = 'correct horse 1';

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.stop());

const sessionCheck = (token: string) => apiClient(t.url, token).get('/api/v1/account/session');

/**
 * Signs in `n` sessions, a few at a time: sign-ins in flight count toward the address lock
 * (ADR 54: five at once for one address are refused), and the race under test is the refreshes'.
 */
async function signInMany(email: string, password: string, n = SESSIONS): Promise<Tokens[]> {
  const sessions: Tokens[] = [];
  for (let i = 0; i < n; i += SIGN_INS_AT_ONCE) {
    const batch = Math.min(SIGN_INS_AT_ONCE, n - i);
    sessions.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => oidcLogin({ baseUrl: t.url, email, password })),
      )),
    );
  }
  return sessions;
}
const SIGN_INS_AT_ONCE = 4;

/**
 * Refreshes every session's token, 2 ms apart, and fires the revocation at +12 ms, all in flight
 * together; answers what each refresh returned and the revocation's status.
 */
async function race(sessions: Tokens[], revoke: () => Promise<{ status: number }>) {
  const refreshes = sessions.map(async (s, i) => {
    await sleep(i * 2);
    return refresh(t, s.refresh_token ?? '');
  });
  const revocation = (async () => {
    await sleep(12);
    return revoke();
  })();
  const [answers, revoked] = await Promise.all([Promise.all(refreshes), revocation]);
  return { answers, revoked };
}

/**
 * Every token the burst minted is refused: its access token at the API, its refresh token at the
 * token endpoint. Returns how many refreshes were answered with tokens (the race's winners).
 */
async function expectEveryTokenDead(answers: { status: number; body: Record<string, string> }[]) {
  const minted = answers.filter((a) => a.status === 200);
  for (const a of minted) {
    const res = await sessionCheck(a.body.access_token ?? '');
    expect(res.status, 'an access token minted in the race').toBe(401);
    expect(res.body.message).toBe('Invalid Token');
    const again = await refresh(t, a.body.refresh_token ?? '');
    expect(again.body.error, 'a refresh token minted in the race').toBe('invalid_grant');
  }
  // What did not mint was refused as a grant ended, never a server error.
  for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.error).toBe('invalid_grant');
  return minted.length;
}

/** Runs ROUNDS races of `revoke` against fresh bursts of sessions; the tokens of each die. */
async function raceRounds(opts: {
  sessions: (round: number) => Promise<Tokens[]>;
  revoke: (round: number, sessions: Tokens[]) => Promise<{ status: number }>;
  after?: (round: number) => Promise<void>;
}) {
  let winners = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const sessions = await opts.sessions(round);
    const { answers, revoked } = await race(sessions, () => opts.revoke(round, sessions));
    expect(revoked.status).toBeLessThan(400);
    winners += await expectEveryTokenDead(answers);
    // The sessions from before are gone too.
    for (const s of sessions) expect((await sessionCheck(s.access_token)).status).toBe(401);
    await opts.after?.(round);
  }
  return winners;
}

describe('a refresh that read its grant before a revocation', () => {
  it('mints tokens that are dead on arrival, however late it mints them', async () => {
    const email = 'race-held@pria.test';
    await createUser(t.db, { email, password: PASSWORD, emailVerified: true });
    const [held, other] = await signInMany(email, PASSWORD, 2);
    // Hold the refresh between reading its token and grant and minting: it reads the account
    // next, and the account table is locked until the revocation has committed.
    let release = () => {};
    let locked = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const lock = t.db.transaction().execute(async (trx) => {
      await sql`lock table idp_users in access exclusive mode`.execute(trx);
      locked();
      await new Promise<void>((r) => {
        release = r;
      });
    });
    await isLocked;
    const refreshing = refresh(t, held?.refresh_token ?? '');
    await waitUntil(async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
        where not granted and relation = 'idp_users'::regclass`.execute(t.db);
      return (rows[0]?.n ?? 0) > 0;
    });
    const everywhere = await apiClient(t.url, other?.access_token).post(
      '/api/v1/account/sign-out-everywhere',
    );
    expect(everywhere.status).toBe(200);
    release();
    await lock;
    const minted = await refreshing;
    // The refresh did win the race (its token was found), and what it minted is refused.
    expect(minted.status).toBe(200);
    expect(await expectEveryTokenDead([minted])).toBe(1);
  });
});

// Each case signs in a dozen sessions per round, one at a time where codes are read by email.
describe('a refresh racing a revocation never mints a token that survives it', { timeout: 180_000 }, () => {
  it('sign out everywhere', async () => {
    const email = 'race-everywhere@pria.test';
    await createUser(t.db, { email, password: PASSWORD, emailVerified: true });
    await raceRounds({
      sessions: () => signInMany(email, PASSWORD),
      revoke: (_r, sessions) =>
        apiClient(t.url, sessions[0]?.access_token).post('/api/v1/account/sign-out-everywhere'),
    });
    // Signing in again works at once.
    const [fresh] = await signInMany(email, PASSWORD, 1);
    expect((await sessionCheck(fresh?.access_token ?? '')).status).toBe(200);
  });

  it('a password change', async () => {
    const email = 'race-password@pria.test';
    await createUser(t.db, { email, password: PASSWORD, emailVerified: true });
    const passwordOf = (round: number) => (round === 0 ? PASSWORD : `new password ${round}`);
    await raceRounds({
      sessions: (round) => signInMany(email, passwordOf(round)),
      revoke: (round, sessions) =>
        apiClient(t.url, sessions[0]?.access_token).put('/api/v1/customers/change-password', {
          password: passwordOf(round + 1),
          confirmPassword: passwordOf(round + 1),
        }),
    });
  });

  it('a password reset by email link', async () => {
    const email = 'race-reset@pria.test';
    await createUser(t.db, { email, password: PASSWORD, emailVerified: true });
    const passwordOf = (round: number) => (round === 0 ? PASSWORD : `reset words ${round}`);
    await raceRounds({
      sessions: (round) => signInMany(email, passwordOf(round)),
      revoke: async (round) => {
        // The link is asked for before the race; following it is the revocation.
        await fetch(`${t.url}/oidc/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email }),
        });
        const link = /https?:\/\/\S+\/oidc\/reset-password\?token=\S+/.exec(await lastMessageTo(t.db, email));
        const token = new URL(link?.[0] ?? 'http://x/').searchParams.get('token') ?? '';
        const res = await fetch(`${t.url}/oidc/reset-password`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            token,
            password: passwordOf(round + 1),
            confirmPassword: passwordOf(round + 1),
          }),
        });
        expect(res.status).toBe(303);
        return res;
      },
    });
  });

  it('turning two-step verification on', async () => {
    let n = 0;
    await raceRounds({
      sessions: async () => {
        const email = `race-mfa-on-${n++}@pria.test`;
        await createUser(t.db, { email, password: PASSWORD, emailVerified: true });
        return signInMany(email, PASSWORD);
      },
      revoke: async (_r, sessions) => {
        const ticket = await apiClient(t.url, sessions[0]?.access_token).post('/api/v1/mfa?status=true');
        const url = new URL(ticket.body.data.url);
        const id = url.searchParams.get('ticket') ?? '';
        const qr = await form('/oidc/mfa/enroll', { ticket: id, method: 'authenticator' });
        const secret = /<code class="secret"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(qr)?.[1] ?? '';
        const code = totp(base32Decode(secret), Date.now());
        const res = await fetch(`${t.url}/oidc/mfa/enroll/confirm`, {
          method: 'POST',
          body: new URLSearchParams({ ticket: id, code }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(await res.text()).toContain('Two-factor authentication is on');
        return res;
      },
    });
  });

  it('turning two-step verification off', async () => {
    let n = 0;
    await raceRounds({
      sessions: async () => {
        // Email codes: each sign-in reads its own from the outbox, so they go one at a time.
        const email = `race-mfa-off-${n++}@pria.test`;
        await createUser(t.db, { email, password: PASSWORD, emailVerified: true });
        const [first] = await signInMany(email, PASSWORD, 1);
        const ticket = await apiClient(t.url, first?.access_token).post('/api/v1/mfa?status=true');
        const id = new URL(ticket.body.data.url).searchParams.get('ticket') ?? '';
        await form('/oidc/mfa/enroll', { ticket: id, method: 'email' });
        const code = sixDigits(await lastMessageTo(t.db, email));
        expect(await form('/oidc/mfa/enroll/confirm', { ticket: id, code })).toContain(
          'Two-factor authentication is on',
        );
        const sessions: Tokens[] = [];
        // Fewer: an account is sent at most 10 codes an hour.
        for (let i = 0; i < 8; i++) {
          sessions.push(
            await oidcLogin({
              baseUrl: t.url,
              email,
              password: PASSWORD,
              otp: async () => sixDigits(await lastMessageTo(t.db, email)),
            }),
          );
        }
        return sessions;
      },
      revoke: (_r, sessions) =>
        apiClient(t.url, sessions.at(-1)?.access_token).post('/api/v1/mfa?status=false'),
    });
  });

  describe('staff', () => {
    const staffPath = (id: string) => `/api/v1/admin/staff/${encodeURIComponent(id)}`;
    let admin: ReturnType<typeof apiClient>;
    beforeAll(async () => {
      await createUser(t.db, { email: 'race-root@pria.test', password: PASSWORD, roles: ['admin'] });
      const [tokens] = await signInMany('race-root@pria.test', PASSWORD, 1);
      admin = apiClient(t.url, tokens?.access_token);
    });

    it('a staff member disabled', async () => {
      const email = 'race-disabled@pria.test';
      const { id } = await createUser(t.db, { email, password: PASSWORD, roles: ['support'] });
      await raceRounds({
        sessions: () => signInMany(email, PASSWORD),
        revoke: () => admin.put(`${staffPath(id)}/disabled`, { disabled: true }),
        // Enabled again between rounds: the tokens from before the disable stay dead.
        after: async () => {
          expect((await admin.put(`${staffPath(id)}/disabled`, { disabled: false })).status).toBe(200);
        },
      });
    });

    it("a staff member's role changed", async () => {
      const email = 'race-role@pria.test';
      const { id } = await createUser(t.db, { email, password: PASSWORD, roles: ['support'] });
      const roleAfter = (round: number) => (round % 2 === 0 ? 'finance' : 'support');
      await raceRounds({
        sessions: () => signInMany(email, PASSWORD),
        revoke: (round) => admin.put(`${staffPath(id)}/role`, { role: roleAfter(round) }),
      });
      // A new sign-in carries the role it has now.
      const [fresh] = await signInMany(email, PASSWORD, 1);
      expect(decodeJwt(fresh?.access_token ?? '').roles).toEqual([roleAfter(ROUNDS - 1)]);
      expect((await sessionCheck(fresh?.access_token ?? '')).status).toBe(200);
    });
  });
});

const sixDigits = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

async function form(path: string, fields: Record<string, string>) {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  return res.text();
}

async function waitUntil(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error('the refresh never reached the locked table');
}
