import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { passwordMessages } from '../../platform/password-policy.ts';
import { apiClient } from '../../test/api-client.ts';
import { signedInUser } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { actionOf, browser } from '../../test/idp-browser.ts';
import { oidcLogin } from '../../test/oidc-login.ts';
import { sendSecurityNotice } from './security-notices.ts';

/**
 * Issue 18 parts 3 and 4: the one password rule where passwords are set, and security notices
 * (password changed or reset, MFA on or off) sent exactly once, by email and by SMS when chosen.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.stop());

const outbox = (recipient: string) =>
  t.db.selectFrom('message_outbox').selectAll().where('recipient', '=', recipient).orderBy('id').execute();

describe('weak and common passwords', () => {
  it('are refused at sign-up with a clear message', async () => {
    const b = browser(t);
    const page = await b.open({ screen_hint: 'signup' });
    const action = actionOf(page.html, page.url);
    const cases: [string, string][] = [
      ['password123', passwordMessages.tooCommon],
      ['QWERTY123', passwordMessages.tooCommon],
      ['aaaaaaaaaa', passwordMessages.tooWeak],
      ['annlee2026', passwordMessages.tooWeak],
    ];
    for (const [password, message] of cases) {
      const r = await b.post(action, {
        email: 'ann.lee@pria.test',
        password,
        confirmPassword: password,
        terms: 'yes',
      });
      expect(r.res.status, password).toBe(400);
      expect(r.html, password).toContain(message);
    }
    const ok = await b.post(action, {
      email: 'ann.lee@pria.test',
      password: 'maple orbit canyon 4',
      confirmPassword: 'maple orbit canyon 4',
      terms: 'yes',
    });
    expect(ok.res.status).toBe(200);
    expect(ok.html).toContain('Check your email');
    const made = await t.db
      .selectFrom('idp_users')
      .select('id')
      .where('email', '=', 'ann.lee@pria.test')
      .execute();
    expect(made).toHaveLength(1);
    await expect(createUser(t.db, { email: 'cli@pria.test', password: 'iloveyou' })).rejects.toThrow(
      passwordMessages.tooCommon,
    );
  });

  it('are refused by the password change API with a clear message', async () => {
    const api = await signedInUser(t, 'changer@pria.test');
    const cases: [string, string][] = [
      ['password123', passwordMessages.tooCommon],
      ['changer2026', passwordMessages.tooWeak],
    ];
    for (const [password, message] of cases) {
      const res = await api.put('/api/v1/customers/change-password', { password, confirmPassword: password });
      expect(res.status, password).toBe(400);
      expect(JSON.stringify(res.body), password).toContain(message);
    }
    await expect(
      oidcLogin({ baseUrl: t.url, email: 'changer@pria.test', password: 'correct horse 1' }),
    ).resolves.toBeTruthy();
  });
});

describe('security notices', () => {
  it('tells of a password change once, by email and by SMS for a customer who uses SMS', async () => {
    const api = await signedInUser(t, 'noticed@pria.test');
    const me = await api.put('/api/v1/customers/me', {
      firstName: 'Nora',
      lastName: 'Tice',
      phone: '2025550177',
      address: { postalCode: '10001' },
    });
    expect(me.status).toBe(200);
    await api.post('/api/v1/customers/notification', { forEmail: ['payin'], forSms: ['payout'] });
    const res = await api.put('/api/v1/customers/change-password', {
      password: 'brisk lantern meadow 8',
      confirmPassword: 'brisk lantern meadow 8',
    });
    expect(res.status).toBe(200);
    const notices = await t.db
      .selectFrom('customer_notices')
      .select(['type', 'dedupe_key'])
      .where('type', '=', 'security.password_changed')
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.dedupe_key).toMatch(/^security:auth\|[0-9a-f-]+:password_changed:/);
    const mails = (await outbox('noticed@pria.test')).filter(
      (m) => m.subject === 'Your Pria password was changed',
    );
    expect(mails).toHaveLength(1);
    const sms = await outbox('+12025550177');
    expect(sms.map((m) => m.text_body)).toEqual([expect.stringContaining('your password was changed')]);
  });

  it('tells of MFA turned off once; a repeated event sends nothing', async () => {
    const api = await signedInUser(t, 'mfa-off@pria.test');
    await api.get('/api/v1/customers/me');
    await t.db
      .updateTable('idp_users')
      .set({ mfa_type: 'email', mfa_enrolled_at: new Date() })
      .where('email', '=', 'mfa-off@pria.test')
      .execute();
    // Re-sign in with the code (MFA is on now) so the change counts as recent.
    const tokens = await oidcLogin({
      baseUrl: t.url,
      email: 'mfa-off@pria.test',
      password: 'correct horse 1',
      otp: async () => {
        const [last] = (await outbox('mfa-off@pria.test')).slice(-1);
        return /\b(\d{6})\b/.exec(last?.text_body ?? '')?.[1] ?? '';
      },
    });
    const fresh = apiClient(t.url, tokens.access_token);
    expect((await fresh.post('/api/v1/mfa?status=false')).status).toBe(200);
    // Turning off what is already off is no event (after signing in again: turning MFA off ended
    // every session, issue 30).
    const again = await oidcLogin({
      baseUrl: t.url,
      email: 'mfa-off@pria.test',
      password: 'correct horse 1',
    });
    expect((await apiClient(t.url, again.access_token).post('/api/v1/mfa?status=false')).status).toBe(200);
    const mails = (await outbox('mfa-off@pria.test')).filter(
      (m) => m.subject === 'Two-factor authentication was turned off',
    );
    expect(mails).toHaveLength(1);

    const { subject } = await t.db
      .selectFrom('customers')
      .select('subject')
      .where('email', '=', 'mfa-off@pria.test')
      .executeTakeFirstOrThrow();
    const event = {
      issuer: t.config.oidc.issuer,
      userId: subject,
      email: 'mfa-off@pria.test',
      event: 'mfa_disabled' as const,
      eventId: 'evt-1',
    };
    expect(await sendSecurityNotice(t.db, event, { publicUrl: t.url })).toBe(true);
    expect(await sendSecurityNotice(t.db, event, { publicUrl: t.url })).toBe(false);
    const after = (await outbox('mfa-off@pria.test')).filter(
      (m) => m.subject === 'Two-factor authentication was turned off',
    );
    expect(after).toHaveLength(2);
  });

  it('emails an identity without a customer record once per event', async () => {
    await createUser(t.db, { email: 'no-record@pria.test', password: 'quiet river stone 5' });
    const event = {
      issuer: t.config.oidc.issuer,
      userId: 'auth|no-record',
      email: 'no-record@pria.test',
      event: 'password_reset' as const,
      eventId: '42',
    };
    await sendSecurityNotice(t.db, event, { publicUrl: t.url });
    await sendSecurityNotice(t.db, event, { publicUrl: t.url });
    expect(await outbox('no-record@pria.test')).toHaveLength(1);
  });
});
