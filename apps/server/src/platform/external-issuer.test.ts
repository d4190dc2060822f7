import { allPermissions } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth0StandIn, databaseUser, startAuth0StandIn } from '../identity-admin/auth0.stand-in.ts';
import { apiClient } from '../test/api-client.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { type LocalOidcProvider, startLocalOidcProvider } from '../test/local-oidc-provider.ts';

/**
 * Pria's API against an issuer other than the built-in one, by configuration only: a local
 * issuer (discovery + JWKS) signs the access tokens the way Auth0 and Keycloak shape them.
 */
const customerPermissions: string[] = [];
const adminPermissions = [...allPermissions];

async function rejections(app: TestApp, issuer: LocalOidcProvider, good: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000);
  const other = await startLocalOidcProvider();
  try {
    const tokens = {
      wrongAudience: await issuer.sign({ ...good, aud: 'https://another-api.example' }),
      wrongIssuer: await issuer.sign({ ...good, iss: 'https://evil.example/' }),
      expired: await issuer.sign({ ...good, iat: now - 3600, exp: now - 600 }),
      strangerKey: await issuer.signWithStrangerKey(good),
      otherIssuersKey: await other.sign({ ...good, iss: issuer.issuer }),
      garbage: 'not.a.jwt',
    };
    for (const [name, token] of Object.entries(tokens)) {
      const res = await apiClient(app.url, token).get('/api/v1/customers/me');
      expect({ name, status: res.status, message: res.body?.message }).toEqual({
        name,
        status: 401,
        message: 'Invalid Token',
      });
    }
  } finally {
    await other.close();
  }
}

describe('Auth0-style issuer (namespaced roles, top-level permissions, URL audience)', () => {
  let issuer: LocalOidcProvider;
  let auth0: Auth0StandIn;
  let app: TestApp;
  const audience = 'https://api.pria.example/';
  const rolesClaim = 'https://pria.example/roles';
  const customerSub = 'auth0|6650c0ffee0000000000aa01';

  beforeAll(async () => {
    // Auth0 publishes its issuer with a trailing slash; the configuration may have it or not.
    issuer = await startLocalOidcProvider({ trailingSlash: true });
    auth0 = await startAuth0StandIn();
    auth0.users.set(customerSub, databaseUser(customerSub, 'ada@example.com'));
    app = await startTestApp({
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: audience,
      OIDC_ROLES_CLAIM: rolesClaim,
      OIDC_PERMISSIONS_CLAIM: 'permissions',
      AUTH0_DOMAIN: auth0.baseUrl,
      AUTH0_MANAGEMENT_CLIENT_ID: auth0.clientId,
      AUTH0_MANAGEMENT_CLIENT_SECRET: auth0.clientSecret,
    });
  });
  afterAll(async () => {
    await app?.stop();
    await issuer?.close();
    await auth0?.close();
  });

  const customerClaims = {
    sub: customerSub,
    aud: [audience, 'https://tenant.example/userinfo'],
    email: 'ada@example.com',
    email_verified: true,
    [rolesClaim]: ['customer'],
    permissions: customerPermissions,
  };

  it('does not mount the built-in provider and publishes the external authority', async () => {
    expect(app.config.oidc.builtIn).toBe(false);
    expect((await fetch(`${app.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);
    const published = await (await fetch(`${app.url}/config.json`)).json();
    expect(published).toMatchObject({
      authority: issuer.issuer.replace(/\/$/, ''),
      audience,
      rolesClaim,
      permissionsClaim: 'permissions',
    });
  });

  it('lets a customer token reach its own record, created from sub and email', async () => {
    const token = await issuer.sign(customerClaims, { typ: 'at+jwt' });
    const me = await apiClient(app.url, token).get('/api/v1/customers/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'ada@example.com' });
    const row = await app.db
      .selectFrom('customers')
      .selectAll()
      .where('subject', '=', customerSub)
      .executeTakeFirstOrThrow();
    expect(row.issuer).toBe(app.config.oidc.issuer);
    // The customer has no staff permission.
    expect((await apiClient(app.url, token).get('/api/v1/customers')).status).toBe(403);
  });

  it('lets an admin token reach the admin client list', async () => {
    const token = await issuer.sign({
      ...customerClaims,
      sub: 'auth0|6650c0ffee0000000000ad01',
      email: 'staff@pria.example',
      [rolesClaim]: ['admin'],
      permissions: adminPermissions,
    });
    const list = await apiClient(app.url, token).get('/api/v1/customers');
    expect(list.status).toBe(200);
  });

  it('answers 401 Invalid Token for a wrong audience, a wrong issuer, an expired token or a foreign key', async () => {
    await rejections(app, issuer, customerClaims);
  });

  it('runs account security through Auth0’s Management API', async () => {
    const user = auth0.users.get(customerSub);
    if (user) user.authenticationMethods = [{ id: 'totp|dev_1', type: 'totp', confirmed: true }];
    const token = await issuer.sign(customerClaims);
    const mfa = await apiClient(app.url, token).get('/api/v1/mfa');
    expect(mfa.status).toBe(200);
    expect(JSON.stringify(mfa.body)).toContain('authenticator');
    expect(auth0.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: `/api/v1/users/${encodeURIComponent(customerSub)}/authentication-methods`.replace('/v1/', '/v2/'),
      authorized: true,
    });
    // A Google identity in Auth0 has no Pria password to change.
    const social = await issuer.sign({ ...customerClaims, sub: 'google-oauth2|1122334455', auth_time: 0 });
    const change = await apiClient(app.url, social).put('/api/v1/customers/change-password', {
      password: 'a-new-long-password',
      confirmPassword: 'a-new-long-password',
    });
    expect(change.status).toBe(403);
  });
});

describe('Keycloak-style issuer (realm_access.roles, client roles as permissions)', () => {
  let issuer: LocalOidcProvider;
  let app: TestApp;
  const audience = 'pria-api';

  beforeAll(async () => {
    issuer = await startLocalOidcProvider({ issuerPath: '/realms/pria' });
    app = await startTestApp({
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: audience,
      OIDC_ROLES_CLAIM: 'realm_access.roles',
      OIDC_PERMISSIONS_CLAIM: 'resource_access.pria-api.roles',
    });
  });
  afterAll(async () => {
    await app?.stop();
    await issuer?.close();
  });

  const claims = (sub: string, roles: string[], permissions: string[]) => ({
    sub,
    aud: [audience, 'account'],
    azp: 'pria-web',
    email: `${sub.slice(0, 8)}@example.com`,
    email_verified: true,
    realm_access: { roles: [...roles, 'offline_access', 'default-roles-pria'] },
    resource_access: { 'pria-api': { roles: permissions }, account: { roles: ['view-profile'] } },
  });

  it('publishes the external authority', async () => {
    const published = await (await fetch(`${app.url}/config.json`)).json();
    expect(published).toMatchObject({ authority: issuer.issuer, audience, rolesClaim: 'realm_access.roles' });
  });

  it('lets a customer token reach its own record and an admin token the client list', async () => {
    const customer = await issuer.sign(claims('0b6a51c2-customer', ['customer'], customerPermissions));
    const me = await apiClient(app.url, customer).get('/api/v1/customers/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: '0b6a51c2@example.com' });
    expect((await apiClient(app.url, customer).get('/api/v1/customers')).status).toBe(403);

    const admin = await issuer.sign(claims('9f1e22aa-admin', ['admin'], adminPermissions));
    expect((await apiClient(app.url, admin).get('/api/v1/customers')).status).toBe(200);
  });

  it('answers 401 Invalid Token for a wrong audience, a wrong issuer, an expired token or a foreign key', async () => {
    await rejections(app, issuer, claims('0b6a51c2-customer', ['customer'], customerPermissions));
  });

  it('has no account-security admin without a management adapter (a clear error, not a crash)', async () => {
    const customer = await issuer.sign(claims('0b6a51c2-customer', ['customer'], customerPermissions));
    const mfa = await apiClient(app.url, customer).get('/api/v1/mfa');
    expect(mfa.status).toBe(500);
  });
});
