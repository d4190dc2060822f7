import { messages } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { addressKey, addressLock } from '../../idp/sign-in-locks.ts';
import { lastMessageTo, staleAccessToken } from '../../test/account-session.ts';
import { apiClient } from '../../test/api-client.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { refresh } from '../../test/idp-browser.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

/**
 * Account → Security's password change asks for the current password (issue 29, ADR 38): checked
 * like a sign-in (the same throttle and lock), standing in for a recent sign-in. Its own file: the
 * route's rate limit (10 a minute per address) is shared by every test of a file.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const PASSWORD = 'correct horse 1';

async function customer(email: string) {
  const { id } = await createUser(t.db, { email, password: PASSWORD, emailVerified: true });
  const tokens = await oidcLogin({ baseUrl: t.url, email, password: PASSWORD });
  return { id, tokens, api: apiClient(t.url, tokens.access_token) };
}

const passwordHashOf = async (userId: string) =>
  (
    await t.db
      .selectFrom('idp_users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).password_hash;

describe('PUT /customers/change-password with the current password', () => {
  it('checks a current password like a sign-in: a wrong one changes nothing and counts toward the lock; the right one needs no recent sign-in', async () => {
    const { id, tokens } = await customer('pw-current@pria.test');
    const stale = apiClient(t.url, await staleAccessToken(t, id, tokens.refresh_token ?? ''));
    const hashBefore = await passwordHashOf(id);
    const change = { password: 'new password 2', confirmPassword: 'new password 2' };

    const wrong = await stale.put('/api/v1/customers/change-password', {
      ...change,
      currentPassword: 'not mine 1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'VALIDATION', message: messages.currentPasswordWrong });
    expect(await passwordHashOf(id)).toBe(hashBefore);
    const failures = await t.db
      .selectFrom('idp_sign_in_events')
      .select('reason')
      .where('user_id', '=', id)
      .where('success', '=', false)
      .execute();
    expect(failures.map((f) => f.reason)).toEqual(['password']);
    expect(
      (
        await t.db
          .selectFrom('idp_sign_in_locks')
          .select('attempts')
          .where('lock', '=', addressLock.name)
          .where('key', '=', addressKey('pw-current@pria.test'))
          .executeTakeFirstOrThrow()
      ).attempts,
    ).toBe(1);

    // The token's sign-in is an hour old: the current password stands in for a new one.
    const right = await stale.put('/api/v1/customers/change-password', {
      ...change,
      currentPassword: PASSWORD,
    });
    expect(right.status).toBe(200);
    expect(await passwordHashOf(id)).not.toBe(hashBefore);
    expect((await refresh(t, tokens.refresh_token ?? '')).body.error).toBe('invalid_grant');
    expect(
      (await oidcLogin({ baseUrl: t.url, email: 'pw-current@pria.test', password: 'new password 2' }))
        .access_token,
    ).toBeTruthy();
    expect(await lastMessageTo(t.db, 'pw-current@pria.test')).toContain(
      'password of your Pria account was just changed',
    );
  });

  it('locks the account after the sign-in limit of wrong current passwords, and then refuses the right one too', async () => {
    const { id, api } = await customer('pw-guess@pria.test');
    const hashBefore = await passwordHashOf(id);
    const change = { password: 'new password 2', confirmPassword: 'new password 2' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.put('/api/v1/customers/change-password', {
        ...change,
        currentPassword: `guess ${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const locked = await api.put('/api/v1/customers/change-password', {
      ...change,
      currentPassword: PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(messages.currentPasswordLocked);
    expect(await passwordHashOf(id)).toBe(hashBefore);
    await expect(
      oidcLogin({ baseUrl: t.url, email: 'pw-guess@pria.test', password: PASSWORD }),
    ).rejects.toThrow();
  });
});
