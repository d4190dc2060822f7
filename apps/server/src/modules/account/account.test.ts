import { messages } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { hashPassword } from '../../idp/passwords.ts';
import { lastMessageTo, staleAccessToken } from '../../test/account-session.ts';
import { apiClient } from '../../test/api-client.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { refresh } from '../../test/idp-browser.ts';
import { oidcLogin } from '../../test/oidc-login.ts';
import { wireAccountDeletion } from '../account-deletion-wiring.ts';
import { getNotificationPreferences } from '../notifications/index.ts';
import { accountDeletionSteps, registerAccountDeletionStep, registerOwedPaybackCheck } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());
afterEach(() => {
  // Drop the steps a test added and put back the app's own (the registry is process-wide).
  accountDeletionSteps.length = 0;
  wireAccountDeletion(t.payments);
});

const PASSWORD = 'correct horse 1';
const profile = (phone: string) => ({
  firstName: 'Ann',
  middleName: 'Q',
  lastName: 'Lee',
  phone,
  address: { address1: '1 Main St', locality: 'New York', administrativeArea: 'NY', postalCode: '10001' },
});

async function customer(email: string, opts: { phone?: string; verified?: boolean; roles?: string[] } = {}) {
  const { id } = await createUser(t.db, {
    email,
    password: PASSWORD,
    emailVerified: opts.verified ?? true,
    roles: opts.roles,
  });
  const tokens = await oidcLogin({ baseUrl: t.url, email, password: PASSWORD });
  const api = apiClient(t.url, tokens.access_token);
  const me = await api.get('/api/v1/customers/me');
  if (opts.phone) expect((await api.put('/api/v1/customers/me', profile(opts.phone))).status).toBe(200);
  return { id, api, tokens, customerId: me.body.data.id as string };
}

describe('notification preferences', () => {
  it('defaults to email for everything, saves choices and exposes them to the customer view', async () => {
    const { api, customerId } = await customer('notify@pria.test');
    expect((await api.get('/api/v1/customers/notification')).body.data).toEqual({
      forEmail: ['payin', 'payout', 'subscription'],
      forSms: [],
      forPush: [],
    });
    const saved = await api.post('/api/v1/customers/notification', {
      forEmail: ['subscription', 'payout'],
      forSms: ['payin', 'payin'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Updated Successfully');
    expect(saved.body.data).toEqual({ forEmail: ['payout', 'subscription'], forSms: ['payin'], forPush: [] });
    expect(await getNotificationPreferences(t.db, customerId)).toEqual({
      forEmail: ['payout', 'subscription'],
      forSms: ['payin'],
      forPush: [],
    });
    // Push choices are saved with the others; a client that leaves them out keeps them as they are.
    const withPush = await api.post('/api/v1/customers/notification', {
      forEmail: ['payout'],
      forSms: [],
      forPush: ['payin', 'payout'],
    });
    expect(withPush.body.data).toEqual({ forEmail: ['payout'], forSms: [], forPush: ['payin', 'payout'] });
    const older = await api.post('/api/v1/customers/notification', {
      forEmail: ['payin'],
      forSms: ['payout'],
    });
    expect(older.body.data).toEqual({
      forEmail: ['payin'],
      forSms: ['payout'],
      forPush: ['payin', 'payout'],
    });
    expect(
      (await api.post('/api/v1/customers/notification', { forEmail: [], forSms: [], forPush: ['x'] })).status,
    ).toBe(400);
    const bad = await api.post('/api/v1/customers/notification', { forEmail: ['spam'], forSms: [] });
    expect(bad.status).toBe(400);
    expect((await api.post('/api/v1/customers/notification', { forEmail: [] })).status).toBe(400);
  });
});

describe('POST /customers/verify-email', () => {
  it('sends the link only while unverified, and not too often', async () => {
    const { api } = await customer('unverified@pria.test', { verified: false });
    const first = await api.post('/api/v1/customers/verify-email/');
    expect(first.status).toBe(200);
    expect(await lastMessageTo(t.db, 'unverified@pria.test')).toMatch(/\/oidc\/verify-email\?token=/);
    expect((await api.post('/api/v1/customers/verify-email')).status).toBe(200);
    expect((await api.post('/api/v1/customers/verify-email')).status).toBe(200);
    const fourth = await api.post('/api/v1/customers/verify-email');
    expect(fourth.status).toBe(429);

    const verified = await customer('verified@pria.test');
    const res = await verified.api.post('/api/v1/customers/verify-email');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Email already verified');
  });
});

describe('PUT /customers/change-password', () => {
  it('validates with the spec words', async () => {
    const { api } = await customer('pw-rules@pria.test');
    const cases: [unknown, string][] = [
      [{}, messages.passwordRequired],
      [{ password: '' }, messages.passwordRequired],
      [{ password: 'short' }, messages.passwordTooShort],
      [{ password: 'long enough 1', confirmPassword: 'other one' }, messages.passwordsMustMatch],
      [{ password: 'a1b2c3d4e5f6', randomBytes: 'abcdefghijklmnop' }, messages.passwordEncryptionUnsupported],
      [{ password: 'long enough 1', currentPassword: '' }, messages.currentPasswordRequired],
    ];
    for (const [body, text] of cases) {
      const res = await api.put('/api/v1/customers/change-password', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(text);
    }
  });

  it('needs a recent sign-in, then changes the password and signs out everywhere', async () => {
    const { id, tokens } = await customer('pw-change@pria.test');
    const staleAccess = await staleAccessToken(t, id, tokens.refresh_token ?? '');
    const stale = apiClient(t.url, staleAccess);
    const raw = await fetch(`${t.url}/api/v1/customers/change-password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${staleAccess}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'new password 2' }),
    });
    expect(raw.headers.get('www-authenticate')).toContain('insufficient_user_authentication');
    const refused = await stale.put('/api/v1/customers/change-password', { password: 'new password 2' });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      code: 'REAUTHENTICATE',
      message: 'Please sign in again to change your password',
    });

    const fresh = await oidcLogin({ baseUrl: t.url, email: 'pw-change@pria.test', password: PASSWORD });
    const res = await apiClient(t.url, fresh.access_token).put('/api/v1/customers/change-password', {
      password: 'new password 2',
      confirmPassword: 'new password 2',
    });
    expect(res.status).toBe(200);
    // Every refresh token is gone, and only the new password signs in.
    expect((await refresh(t, fresh.refresh_token ?? '')).body.error).toBe('invalid_grant');
    await expect(
      oidcLogin({ baseUrl: t.url, email: 'pw-change@pria.test', password: PASSWORD }),
    ).rejects.toThrow();
    const again = await oidcLogin({
      baseUrl: t.url,
      email: 'pw-change@pria.test',
      password: 'new password 2',
    });
    expect(again.access_token).toBeTruthy();
    expect(await lastMessageTo(t.db, 'pw-change@pria.test')).toContain(
      'password of your Pria account was just changed',
    );
  });

  it('is refused for social-login identities', async () => {
    await t.db
      .insertInto('idp_users')
      .values({
        id: 'google-oauth2|1234',
        email: 'social@pria.test',
        password_hash: await hashPassword(PASSWORD),
        roles: ['customer'],
      })
      .execute();
    const tokens = await oidcLogin({ baseUrl: t.url, email: 'social@pria.test', password: PASSWORD });
    const res = await apiClient(t.url, tokens.access_token).put('/api/v1/customers/change-password', {
      password: 'new password 2',
    });
    expect(res.status).toBe(403);
  });
});

describe('DELETE /customers', () => {
  const codeIn = (text: string) => /\b(\d{4})\b/.exec(text)?.[1] ?? '';

  it('is refused to staff, who are disabled by another admin instead (issue 30); nothing is deleted', async () => {
    const { id, api } = await customer('admin-leaving@pria.test', { roles: ['admin'] });
    for (const path of ['/api/v1/customers/', '/api/v1/customers?code=1234']) {
      const res = await api.delete(path);
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe(
        'Staff accounts are not deleted here: another admin disables your staff account from Admin → Staff',
      );
    }
    expect(
      await t.db.selectFrom('idp_users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeTruthy();
    expect(await lastMessageTo(t.db, 'admin-leaving@pria.test')).toBe('');
  });

  it('sends a code by SMS; a wrong code deletes nothing; the right one erases the account', async () => {
    const { id, api, tokens, customerId } = await customer('leaving@pria.test', { phone: '2025550104' });
    await api.post('/api/v1/customers/notification', { forEmail: [], forSms: ['payin'] });
    let inTransaction = 0;
    registerAccountDeletionStep({
      name: 'count',
      phase: 'in-transaction',
      run: async () => void inTransaction++,
    });
    registerAccountDeletionStep({
      name: 'gateway',
      phase: 'after-commit',
      run: async () => {
        throw new Error('gateway down');
      },
    });

    const sent = await api.delete('/api/v1/customers/');
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ channel: 'sms', to: '•••• 0104' });
    const code = codeIn(await lastMessageTo(t.db, '+12025550104'));
    expect(code).toMatch(/^\d{4}$/);
    const stored = await t.db
      .selectFrom('account_deletion_codes')
      .select('code_hash')
      .where('customer_id', '=', customerId)
      .execute();
    expect(stored.map((r) => r.code_hash).join()).not.toContain(code);

    const wrong = await api.delete(`/api/v1/customers?code=${code === '0000' ? '1111' : '0000'}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid or expired code');
    expect((await api.get('/api/v1/customers/me')).body.data.firstName).toBe('Ann');
    expect(
      await t.db.selectFrom('idp_users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeTruthy();
    expect(inTransaction).toBe(0);

    const done = await api.delete(`/api/v1/customers/?code=${code}`);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Account Deleted successfully');
    expect(inTransaction).toBe(1);

    const row = await t.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: null,
      first_name: null,
      middle_name: null,
      last_name: null,
      phone: null,
      address1: null,
      locality: null,
      administrative_area: null,
      postal_code: null,
      subject: `deleted|${customerId}`,
    });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(
      await t.db.selectFrom('idp_users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db
        .selectFrom('notification_preferences')
        .selectAll()
        .where('customer_id', '=', customerId)
        .execute(),
    ).toEqual([]);
    // The confirmation went to the address the account had (issue 29).
    const farewell = await t.db
      .selectFrom('message_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', 'leaving@pria.test')
      .where('subject', '=', 'Your Pria account is deleted')
      .execute();
    expect(farewell).toHaveLength(1);
    expect(farewell[0]?.text_body).toContain('nothing more will be charged');
    const events = await t.db.selectFrom('event_log').selectAll().where('actor', '=', customerId).execute();
    expect(events.map((e) => e.message)).toContain('account deleted');
    expect(events.map((e) => e.message)).toContain('account deletion step failed');
    expect(JSON.stringify(events)).not.toMatch(/leaving@pria|2025550104|Ann|Lee/);

    await expect(
      oidcLogin({ baseUrl: t.url, email: 'leaving@pria.test', password: PASSWORD }),
    ).rejects.toThrow();
    expect((await refresh(t, tokens.refresh_token ?? '')).body.error).toBe('invalid_grant');
    // The token issued before the deletion (valid a few more minutes) is refused everywhere,
    // instead of creating a fresh customer; so the code cannot be reused either.
    expect((await api.get('/api/v1/customers/me')).status).toBe(401);
    expect((await api.delete(`/api/v1/customers?code=${code}`)).status).toBe(401);
    expect(
      await t.db.selectFrom('customers').select('id').where('email', '=', 'leaving@pria.test').execute(),
    ).toEqual([]);
  });

  it("erases the messages sent for the account, never another account's sent to the same phone number", async () => {
    const bob = await customer('phone-owner@pria.test', { phone: '2025550188' });
    expect((await bob.api.delete('/api/v1/customers')).status).toBe(200);
    // Eve types Bob's number as hers (it is not verified), then deletes her account by its code.
    const eve = await customer('phone-typist@pria.test', { phone: '2025550188' });
    expect((await eve.api.delete('/api/v1/customers')).status).toBe(200);
    const sms = await t.db
      .selectFrom('message_outbox')
      .select(['id', 'text_body'])
      .where('recipient', '=', '+12025550188')
      .orderBy('id')
      .execute();
    expect(sms).toHaveLength(2);
    const [bobSms, eveSms] = sms;
    // Delivered: only messages no longer waiting to be sent are erased.
    await t.db
      .updateTable('message_outbox')
      .set({ status: 'sent' })
      .where('recipient', '=', '+12025550188')
      .execute();
    const eveCode = codeIn(eveSms?.text_body ?? '');
    expect((await eve.api.delete(`/api/v1/customers?code=${eveCode}`)).status).toBe(200);

    const after = await t.db
      .selectFrom('message_outbox')
      .select(['id', 'recipient', 'text_body'])
      .where('id', 'in', [bobSms?.id ?? 0, eveSms?.id ?? 0])
      .orderBy('id')
      .execute();
    expect(after).toEqual([
      { id: bobSms?.id, recipient: '+12025550188', text_body: bobSms?.text_body },
      { id: eveSms?.id, recipient: '[erased]', text_body: '[erased]' },
    ]);
    // Bob's account is untouched.
    expect((await bob.api.get('/api/v1/customers/me')).body.data.phone).toBe('2025550188');
  });

  it('uses email without a phone, limits codes per hour and wrong tries per code', async () => {
    const { api, customerId } = await customer('throttle@pria.test');
    const first = await api.delete('/api/v1/customers');
    expect(first.body.data).toEqual({ channel: 'email', to: 't•••@pria.test' });
    const code = codeIn(await lastMessageTo(t.db, 'throttle@pria.test'));
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++)
      expect((await api.delete(`/api/v1/customers?code=${wrong}`)).status).toBe(400);
    // Five wrong tries kill the code: even the right one is refused now.
    expect((await api.delete(`/api/v1/customers?code=${code}`)).status).toBe(400);
    expect((await api.get('/api/v1/customers/me')).status).toBe(200);

    expect((await api.delete('/api/v1/customers')).status).toBe(200);
    expect((await api.delete('/api/v1/customers')).status).toBe(200);
    const fourth = await api.delete('/api/v1/customers');
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(messages.tooManyDeletionCodes);
    // A newer code replaces the older one.
    const codes = await t.db
      .selectFrom('account_deletion_codes')
      .select(['expires_at'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
    expect(codes.filter((c) => c.expires_at > new Date())).toHaveLength(1);
  });

  it('is refused while a captured pay-in has no paid payout', async () => {
    const { api, customerId } = await customer('owed@pria.test', { phone: '2025550199' });
    const sent = await api.delete('/api/v1/customers');
    expect(sent.status).toBe(200);
    const code = codeIn(await lastMessageTo(t.db, '+12025550199'));

    const card = await sql<{ id: string }>`
      insert into cards (customer_id, gateway, instrument_id, brand, last_four, expiration_month, expiration_year,
        name, address1, locality, administrative_area, postal_code, slot)
      values (${customerId}, 'simulator', 'ins_owed', 'visa', '4242', 12, 2030, 'Ann Lee', '1 Main St', 'New York', 'NY', '10001', 1)
      returning id`.execute(t.db);
    const cardId = card.rows[0]?.id ?? '';
    const attempt = await sql<{ id: string }>`
      insert into payment_attempts (reference, kind, period, customer_id, card_id, amount_cents, description, status, instrument_id, due_at)
      values ('payin:test:owed', 'payin', '2026-01', ${customerId}, ${cardId}, 300, 'Charge', 'captured', 'ins_owed',
              pria_payin_due_at('2026-01'))
      returning id`.execute(t.db);
    const owed = await api.delete(`/api/v1/customers?code=${code}`);
    expect(owed.status).toBe(409);
    expect(owed.body.message).toBe(messages.paybackOwed);
    expect((await api.delete('/api/v1/customers')).status).toBe(409);
    expect((await api.get('/api/v1/customers/me')).body.data.firstName).toBe('Ann');

    // Paid back: deletion goes ahead (the card, attempt and payout rows keep the customer's UUID).
    await sql`insert into payouts (attempt_id, customer_id, card_id, instrument_id, period, amount_cents, status, created_at, paid_at, due_at)
      values (${attempt.rows[0]?.id}, ${customerId}, ${cardId}, 'ins_owed', '2026-01', 300, 'paid', now(), now(), now())`.execute(
      t.db,
    );
    const done = await api.delete(`/api/v1/customers?code=${code}`);
    expect(done.status).toBe(200);
    expect(
      (
        await t.db
          .selectFrom('customers')
          .select('deleted_at')
          .where('id', '=', customerId)
          .executeTakeFirstOrThrow()
      ).deleted_at,
    ).toBeTruthy();
  });

  it('lets the money engine replace the owed-payback rule', async () => {
    const { api } = await customer('owed2@pria.test');
    registerOwedPaybackCheck(async () => true);
    const res = await api.delete('/api/v1/customers');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'We still owe you a payment; you can delete your account after it is paid back on the 2nd.',
    );
  });
});
