import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';

/**
 * Reads a stored value, creating it on first start. Concurrent first starts are safe: the
 * insert does nothing when another process won the race, and everyone reads the winner's row.
 */
async function loadOrCreate<T>(db: Db, id: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.selectFrom('idp_keys').select('value').where('id', '=', id).executeTakeFirst();
  if (existing) return existing.value as T;
  const value = await create();
  await db
    .insertInto('idp_keys')
    .values({ id, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('idp_keys').select('value').where('id', '=', id).executeTakeFirstOrThrow();
  return row.value as T;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/** The provider's private signing keys (RS256), generated on first start and kept in Postgres. */
export async function loadSigningKeys(db: Db): Promise<{ keys: JWK[] }> {
  return loadOrCreate(db, 'signing', async () => ({ keys: [await newSigningKey()] }));
}

/** OIDC_COOKIE_KEYS when set (required in production), otherwise keys generated once and stored. */
export async function loadCookieKeys(db: Db, config: Config): Promise<string[]> {
  if (config.oidc.cookieKeys?.length) return config.oidc.cookieKeys;
  if (config.env === 'production') throw new Error('OIDC_COOKIE_KEYS is required in production');
  return loadOrCreate(db, 'cookies', async () => [randomBytes(32).toString('base64url')]);
}

/**
 * The AES-256 key that encrypts TOTP secrets at rest, generated once and kept in idp_keys.
 * NOTE: it lives in the same database, so it protects against leaks of idp_users alone (an
 * export, a replica of that table, a logged row), not of a whole backup; a KMS-held key is the
 * next step when we have one.
 */
export async function loadMfaKey(db: Db): Promise<Buffer> {
  const value = await loadOrCreate(db, 'mfa', async () => randomBytes(32).toString('base64url'));
  return Buffer.from(value, 'base64url');
}
