import { generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { keyEncryptionKey, open, type Sealed } from '../../platform/key-encryption.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

/**
 * Bearer tokens at the API (ASVS V3.5 / 5.0 V9 "self-contained tokens"): only a JWT signed by
 * the issuer's published key, with an allowed algorithm, for our audience and issuer, inside
 * its validity window and naming a subject is accepted. Everything else is 401 'Invalid Token'.
 * Tokens below are forged with the provider's REAL private key (read from the database and
 * opened with the key-encryption key, which the database does not hold: ADR 52), so each
 * refusal is due to the one claim that is wrong, not to a bad signature.
 */
let t: TestApp;
/** Whatever jose signs with (a CryptoKey, a KeyObject or an HMAC secret). */
type SigningKey = Parameters<SignJWT['sign']>[0];
let signingKey: SigningKey;
let kid: string;
const ME = '/api/v1/customers/me';

beforeAll(async () => {
  t = await startTestApp();
  const row = await t.db
    .selectFrom('idp_keys')
    .select('value')
    .where('id', '=', 'signing')
    .executeTakeFirstOrThrow();
  const ring = { current: keyEncryptionKey(t.config.keyEncryption.key as Buffer), previous: undefined };
  const jwk = (await open<{ keys: JWK[] }>(ring, 'signing', row.value as Sealed)).keys[0] as JWK;
  kid = jwk.kid ?? '';
  signingKey = await importJWK(jwk, 'RS256');
  await createUser(t.db, { email: 'token@example.com', password: 'correct horse 1', emailVerified: true });
});
afterAll(() => t?.stop());

const call = (token: string) => fetch(`${t.url}${ME}`, { headers: { authorization: `Bearer ${token}` } });

async function forge(
  claims: Record<string, unknown>,
  opts: { alg?: string; key?: SigningKey; kid?: string; typ?: string } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sub: 'auth|forged-subject',
    iss: t.config.oidc.issuer,
    aud: t.config.oidc.audience,
    iat: now,
    exp: now + 300,
    ...claims,
  })
    .setProtectedHeader({ alg: opts.alg ?? 'RS256', kid: opts.kid ?? kid, typ: opts.typ ?? 'at+jwt' })
    .sign(opts.key ?? signingKey);
}

describe('bearer token validation', () => {
  it('accepts a well-formed token signed with the issuer key (the control)', async () => {
    expect((await call(await forge({}))).status).toBe(200);
    const real = await oidcLogin({ baseUrl: t.url, email: 'token@example.com', password: 'correct horse 1' });
    expect((await call(real.access_token)).status).toBe(200);
  });

  it.each([
    ['expired', { exp: Math.floor(Date.now() / 1000) - 60 }],
    ['not yet valid (nbf in the future)', { nbf: Math.floor(Date.now() / 1000) + 600 }],
    ['for another audience', { aud: 'https://other.example/api' }],
    ['for the SPA client (an ID token audience)', { aud: 'pria-web' }],
    ['from another issuer', { iss: 'https://evil.example/oidc' }],
    ['without a subject', { sub: undefined }],
  ])('refuses a token %s', async (_what, claims) => {
    const res = await call(await forge(claims));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ httpCode: 401, message: 'Invalid Token' });
  });

  it('refuses a real ID token used as an access token', async () => {
    const real = await oidcLogin({ baseUrl: t.url, email: 'token@example.com', password: 'correct horse 1' });
    expect((await call(real.id_token ?? '')).status).toBe(401);
  });

  it('refuses unsigned (alg none), HMAC-with-the-public-key and foreign-key tokens', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const body = Buffer.from(
      JSON.stringify({ sub: 'x', iss: t.config.oidc.issuer, aud: t.config.oidc.audience, exp: now + 300 }),
    ).toString('base64url');
    expect((await call(`${header}.${body}.`)).status).toBe(401);

    // Algorithm confusion: HS256 keyed with the published RSA public key.
    const jwks = (await (await fetch(`${t.url}/oidc/jwks`)).json()) as { keys: JWK[] };
    const publicJwk = JSON.stringify(jwks.keys[0]);
    const hs = await forge({}, { alg: 'HS256', key: new TextEncoder().encode(publicJwk) });
    expect((await call(hs)).status).toBe(401);

    // A key of our own, claiming the issuer's kid.
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await forge({}, { key: privateKey });
    expect((await call(foreign)).status).toBe(401);
    // Tampered payload with the original signature.
    const good = await forge({});
    const [h, , s] = good.split('.');
    const evil = Buffer.from(
      JSON.stringify({
        sub: 'auth|someone-else',
        iss: t.config.oidc.issuer,
        aud: t.config.oidc.audience,
        exp: now + 300,
      }),
    ).toString('base64url');
    expect((await call(`${h}.${evil}.${s}`)).status).toBe(401);
    // Not a bearer token at all.
    expect((await fetch(`${t.url}${ME}`, { headers: { authorization: `Basic ${good}` } })).status).toBe(401);
  });
});
