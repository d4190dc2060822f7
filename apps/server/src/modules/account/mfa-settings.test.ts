import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { apiClient } from '../../test/api-client.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { refresh } from '../../test/idp-browser.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

/**
 * Turning two-step verification off (issue 39): off when it is already off changes nothing — no
 * session ends, no notice goes out, nothing is written — and two requests turning it off at once
 * end the sessions and notify once. (Turning it off when on: idp/mfa.test.ts.)
 */
let t: TestApp;
const PASSWORD = 'correct horse 1';

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.stop());

async function signedIn(email: string) {
  const { id } = await createUser(t.db, {
    email,
    password: PASSWORD,
    roles: ['customer'],
    emailVerified: true,
  });
  const tokens = await oidcLogin({ baseUrl: t.url, email, password: PASSWORD });
  const api = apiClient(t.url, tokens.access_token);
  expect((await api.get('/api/v1/customers/me')).status).toBe(200);
  return { id, tokens, api };
}

/** Rows a change of sign-in method writes: outbox, notices, activity log, revocation instants, audit. */
async function writes() {
  const counts = await sql<Record<string, number>>`
    select (select count(*) from message_outbox)::int as outbox,
           (select count(*) from customer_notices)::int as notices,
           (select count(*) from event_log)::int as events,
           (select count(*) from access_valid_after)::int as revocations,
           (select count(*) from staff_audit)::int as audit`.execute(t.db);
  return counts.rows[0];
}

describe('turning two-step verification off while it is already off', () => {
  it('ends no session, sends no notice and writes nothing; the answer is still MFA Disabled', async () => {
    const { tokens, api } = await signedIn('already-off@pria.test');
    const phone = await oidcLogin({ baseUrl: t.url, email: 'already-off@pria.test', password: PASSWORD });
    const phoneApi = apiClient(t.url, phone.access_token);
    expect((await api.get('/api/v1/mfa')).body.data).toEqual([]);
    const before = await writes();

    for (let i = 0; i < 3; i++) {
      const off = await api.post('/api/v1/mfa?status=false');
      expect(off.status).toBe(200);
      expect(off.body.message).toBe('MFA Disabled');
      expect(off.body.data).toBeNull();
    }

    expect(await writes()).toEqual(before);
    for (const client of [api, phoneApi]) expect((await client.get('/api/v1/customers/me')).status).toBe(200);
    for (const r of [tokens.refresh_token, phone.refresh_token]) {
      const renewed = await refresh(t, r ?? '');
      expect(renewed.status).toBe(200);
      expect(renewed.body.access_token).toBeTruthy();
    }
  });
});

describe('two requests turning two-step verification off at once', () => {
  it('turn it off once: one notice, one activity line, and every session from before ends', async () => {
    const { id, tokens, api } = await signedIn('twice-off@pria.test');
    // On, as an enrolment elsewhere leaves it (this token predates it, as a second tab's would).
    await t.db.updateTable('idp_users').set({ mfa_type: 'email' }).where('id', '=', id).execute();
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.post('/api/v1/mfa?status=false')));

    // Each either turned it off (or found it off) or came after the revocation: never a 500.
    for (const a of answers) expect([200, 401]).toContain(a.status);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    const customer = await t.db
      .selectFrom('customers')
      .select('id')
      .where('subject', '=', id)
      .executeTakeFirstOrThrow();
    const notices = await t.db
      .selectFrom('customer_notices')
      .select('type')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(notices).toEqual([{ type: 'security.mfa_disabled' }]);
    const lines = await t.db
      .selectFrom('event_log')
      .select('message')
      .where('message', '=', 'mfa disabled')
      .where(sql<string>`data->>'customerId'`, '=', customer.id)
      .execute();
    expect(lines).toHaveLength(1);
    expect((await api.get('/api/v1/customers/me')).status).toBe(401);
    expect((await refresh(t, tokens.refresh_token ?? '')).body.error).toBe('invalid_grant');
    const user = await t.db
      .selectFrom('idp_users')
      .select('mfa_type')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.mfa_type).toBeNull();
  });
});
