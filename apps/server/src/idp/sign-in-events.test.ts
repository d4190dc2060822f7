import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedInUser } from '../test/customers.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { createUser, recordEvent } from './users.ts';

/**
 * Issue 29: the steps of a sign-in that know only the account (the second factor, a passkey, a
 * recovery code) read "Sign-in succeeded: auth|f8dd213c-…" on the Logs screen. They are recorded
 * with the account's address, so the screen names the person and the filter finds them.
 */
let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'admin@pria.test', ['admin']);
});
afterAll(async () => t?.stop());

describe('a sign-in step recorded by account only', () => {
  it("is kept with the account's email and shown with it in the log", async () => {
    const { id } = await createUser(t.appDb, {
      email: 'mfa.user@example.com',
      password: 'a long passphrase',
    });
    await recordEvent(t.appDb, {
      userId: id,
      email: null,
      success: true,
      reason: 'mfa',
      ip: '198.51.100.7',
      userAgent: 'test',
    });
    const row = await t.db
      .selectFrom('idp_sign_in_events')
      .select(['email', 'reason'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: 'mfa.user@example.com', reason: 'mfa' });

    const res = await admin.get(`/api/v1/logs?filterPattern=${encodeURIComponent('mfa.user@example.com')}`);
    expect(res.status).toBe(200);
    const messages = (res.body.data.events as { message: string }[]).map((e) => e.message);
    expect(messages).toEqual(['Second step passed (code): mfa.user@example.com from 198.51.100.7']);
    expect(messages.join('\n')).not.toContain('auth|');
  });

  it.each([
    [true, null, 'Password accepted: step@example.com from 198.51.100.9'],
    [true, 'mfa-code-sent', 'Second-step code sent: step@example.com from 198.51.100.9'],
    [true, 'passkey', 'Signed in with a passkey: step@example.com from 198.51.100.9'],
    [true, 'recovery code', 'Second step passed (recovery code): step@example.com from 198.51.100.9'],
    [true, 'signup', 'Account created: step@example.com from 198.51.100.9'],
    [false, 'password', 'Sign-in failed (password): step@example.com from 198.51.100.9'],
    [
      false,
      'signup-taken',
      'Sign-up tried with this address (it has an account): step@example.com from 198.51.100.9',
    ],
  ] as const)(
    'success %s, reason %s reads "%s", and the filter finds it by those words',
    async (success, reason, message) => {
      await t.db.deleteFrom('idp_sign_in_events').where('email', '=', 'step@example.com').execute();
      await recordEvent(t.appDb, {
        userId: null,
        email: 'step@example.com',
        success,
        reason,
        ip: '198.51.100.9',
        userAgent: null,
      });
      const words = message.slice(0, message.indexOf(':'));
      const res = await admin.get(`/api/v1/logs?filterPattern=${encodeURIComponent(words)}`);
      expect(res.status).toBe(200);
      const messages = (res.body.data.events as { message: string }[]).map((e) => e.message);
      expect(messages).toContain(message);
      expect(messages.every((m) => m.toLowerCase().includes(words.toLowerCase()))).toBe(true);
    },
  );

  it("the Logs screen's filter on sign-in words is answered by the trigram index", async () => {
    const plan = await t.db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      const r = await sql<{ 'QUERY PLAN': string }>`explain select id from idp_sign_in_events s
        where pria_sign_in_message(s.success, s.reason, s.email, s.user_id, s.ip) ilike ${'%code sent%'}`.execute(
        tx,
      );
      return r.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('idp_sign_in_events_message_trgm');
  });

  it('stays without an address when no account is known (a refused passkey)', async () => {
    await recordEvent(t.appDb, {
      userId: null,
      email: null,
      success: false,
      reason: 'passkey refused',
      ip: '198.51.100.8',
      userAgent: null,
    });
    const row = await t.db
      .selectFrom('idp_sign_in_events')
      .select('email')
      .where('ip', '=', '198.51.100.8')
      .executeTakeFirstOrThrow();
    expect(row.email).toBeNull();
  });
});
