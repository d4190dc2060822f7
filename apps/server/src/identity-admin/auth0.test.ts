import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Auth0StandIn, databaseUser, startAuth0StandIn } from './auth0.stand-in.ts';
import { createAuth0IdentityAdmin } from './auth0.ts';
import { type IdentityAdmin, IdentityAdminError } from './port.ts';

/** The Auth0 adapter against a local stand-in of Auth0's token endpoint and Management API v2. */
describe('Auth0 identity admin', () => {
  let auth0: Auth0StandIn;
  let admin: IdentityAdmin;
  const alice = 'auth0|65f0aa11bb22cc33dd44ee55';

  beforeAll(async () => {
    auth0 = await startAuth0StandIn();
    admin = createAuth0IdentityAdmin({
      baseUrl: auth0.baseUrl,
      clientId: auth0.clientId,
      clientSecret: auth0.clientSecret,
    });
  });
  afterAll(async () => auth0.close());
  beforeEach(() => {
    auth0.users.clear();
    auth0.calls.length = 0;
    auth0.users.set(alice, databaseUser(alice, 'alice@example.com'));
  });

  const lastCall = () => auth0.calls.at(-1);

  it('gets one Management API token by client credentials and reuses it', async () => {
    const before = auth0.tokensIssued;
    await admin.getMfaStatus(alice);
    await admin.getMfaStatus(alice);
    expect(auth0.tokensIssued - before).toBeLessThanOrEqual(1);
    expect(auth0.calls.every((c) => c.authorized)).toBe(true);
  });

  it('fetches a new token when Auth0 rejects the cached one', async () => {
    await admin.getMfaStatus(alice);
    const before = auth0.tokensIssued;
    auth0.revokeToken();
    expect(await admin.getMfaStatus(alice)).toEqual([]);
    expect(auth0.tokensIssued).toBe(before + 1);
  });

  it('fails plainly with wrong client credentials', async () => {
    const wrong = createAuth0IdentityAdmin({
      baseUrl: auth0.baseUrl,
      clientId: auth0.clientId,
      clientSecret: 'nope',
    });
    await expect(wrong.getMfaStatus(alice)).rejects.toThrow(/oauth\/token answered 401/);
  });

  it('changes the password on the user’s database connection', async () => {
    await admin.changePassword(alice, 'a-new-long-password');
    expect(lastCall()).toMatchObject({
      method: 'PATCH',
      path: `/api/v2/users/${encodeURIComponent(alice)}`,
      body: { password: 'a-new-long-password', connection: 'Username-Password-Authentication' },
    });
    expect(auth0.users.get(alice)?.password).toBe('a-new-long-password');
  });

  it('reports Auth0’s password policy refusal as WEAK_PASSWORD and an unknown user as NOT_FOUND', async () => {
    const weak = await admin.changePassword(alice, 'short').catch((e: unknown) => e);
    expect(weak).toBeInstanceOf(IdentityAdminError);
    expect(weak).toMatchObject({ code: 'WEAK_PASSWORD', message: expect.stringMatching(/too weak/) });
    const missing = await admin
      .changePassword('auth0|nobody', 'a-new-long-password')
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('creates an MFA enrolment ticket and returns its URL', async () => {
    const url = await admin.createMfaEnrollmentTicket(alice);
    expect(url).toMatch(new RegExp(`^${auth0.baseUrl}/guardian-enrollment\\?ticket=`));
    expect(lastCall()).toMatchObject({
      method: 'POST',
      path: '/api/v2/guardian/enrollments/ticket',
      body: { user_id: alice, send_mail: false },
    });
  });

  it('reads confirmed second factors as the spec’s MFA types and turns them off', async () => {
    const user = auth0.users.get(alice);
    if (!user) throw new Error('no alice');
    user.authenticationMethods = [
      { id: 'totp|dev_1', type: 'totp', confirmed: true },
      { id: 'phone|dev_2', type: 'phone', confirmed: false },
      { id: 'passkey|1', type: 'passkey', confirmed: true },
    ];
    expect(await admin.getMfaStatus(alice)).toEqual([{ status: 'confirmed', type: 'authenticator' }]);
    expect(lastCall()?.path).toBe(`/api/v2/users/${encodeURIComponent(alice)}/authentication-methods`);

    expect(await admin.disableMfa(alice)).toBe(true);
    expect(lastCall()).toMatchObject({
      method: 'DELETE',
      path: `/api/v2/users/${encodeURIComponent(alice)}/authenticators`,
    });
    expect(await admin.getMfaStatus(alice)).toEqual([]);
    // Already off: says so, so the API ends no session for it (issue 39).
    expect(await admin.disableMfa(alice)).toBe(false);
  });

  it('queues the verification email unless the address is already verified', async () => {
    expect(await admin.sendVerificationEmail(alice)).toBe('sent');
    expect(lastCall()).toMatchObject({
      method: 'POST',
      path: '/api/v2/jobs/verification-email',
      body: { user_id: alice },
    });
    const user = auth0.users.get(alice);
    if (user) user.email_verified = true;
    auth0.calls.length = 0;
    expect(await admin.sendVerificationEmail(alice)).toBe('already-verified');
    expect(auth0.calls.some((c) => c.path.includes('verification-email'))).toBe(false);
  });

  it('deletes the user, idempotently', async () => {
    await admin.deleteUser(alice);
    expect(lastCall()).toMatchObject({
      method: 'DELETE',
      path: `/api/v2/users/${encodeURIComponent(alice)}`,
    });
    expect(auth0.users.has(alice)).toBe(false);
    await expect(admin.deleteUser(alice)).resolves.toBeUndefined();
  });

  it('revokes sessions: remembered browsers always, sessions and refresh tokens where the plan has them', async () => {
    const id = encodeURIComponent(alice);
    auth0.sessionEndpoints = false;
    await admin.revokeSessions(alice, 'signed_out_everywhere');
    expect(auth0.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/v2/users/${id}/multifactor/actions/invalidate-remember-browser`,
      `DELETE /api/v2/users/${id}/sessions`,
      `DELETE /api/v2/users/${id}/refresh-tokens`,
    ]);
    auth0.sessionEndpoints = true;
    await expect(admin.revokeSessions(alice, 'signed_out_everywhere')).resolves.toBeUndefined();
  });

  it('sends a password reset as a password-change ticket for us to email', async () => {
    const delivery = await admin.sendPasswordReset(alice);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      path: '/api/v2/tickets/password-change',
      body: { user_id: alice, ttl_sec: 1800, mark_email_as_verified: false },
    });
    expect(delivery).toEqual({
      via: 'link',
      email: 'alice@example.com',
      url: expect.stringMatching(new RegExp(`^${auth0.baseUrl}/lo/reset\\?ticket=`)),
    });
    await expect(admin.sendPasswordReset('auth0|nobody')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const google = 'google-oauth2|1234567890';
    auth0.users.set(google, {
      ...databaseUser(google, 'g@example.com'),
      identities: [{ provider: 'google-oauth2', connection: 'google-oauth2', isSocial: true }],
    });
    await expect(admin.sendPasswordReset(google)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('treats Auth0 social identities as social', () => {
    expect(admin.isSocial('google-oauth2|1234567890')).toBe(true);
    expect(admin.isSocial('facebook|1234567890')).toBe(true);
    expect(admin.isSocial(alice)).toBe(false);
  });
});
