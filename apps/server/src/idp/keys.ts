import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import { isSealed, type KeyRing, open, type Sealed, seal, sealedBy } from '../platform/key-encryption.ts';

/**
 * The provider's secrets, kept in `idp_keys` sealed with the key-encryption key (ADR 52): a
 * reader of the database (the runtime role, a backup, a replica) gets ciphertext only.
 * - `signing`: the private RS256 keys that sign ID and access tokens (whoever has them forges any
 *   token);
 * - `cookies`: the keys that sign the provider's session and interaction cookies (development
 *   only: production sets OIDC_COOKIE_KEYS);
 * - `mfa`: the AES-256 key that encrypts TOTP secrets at rest (`idp_users.mfa_totp_secret`).
 */
export interface IdpKeys {
  jwks: { keys: JWK[] };
  cookieKeys: string[];
  mfaKey: Buffer;
}

export type IdpKeyName = 'signing' | 'cookies' | 'mfa';

const read = (db: Db, id: string) =>
  db.selectFrom('idp_keys').select('value').where('id', '=', id).executeTakeFirst();

/**
 * Reads a stored secret, creating it on first start. Concurrent first starts are safe: the
 * insert does nothing when another process won the race, and everyone opens the winner's row.
 */
async function loadOrCreate<T>(db: Db, ring: KeyRing, id: IdpKeyName, create: () => Promise<T>): Promise<T> {
  const existing = await read(db, id);
  if (existing && isSealed(existing.value)) return open<T>(ring, id, existing.value);
  if (!existing) {
    await db
      .insertInto('idp_keys')
      .values({ id, value: JSON.stringify(await seal(ring, id, await create())) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  // A row still in clear (written before ADR 52) is sealed by resealStoredKeys, run first.
  const row = await read(db, id);
  if (!row || !isSealed(row.value)) throw new Error(`idp_keys.${id} is not sealed`);
  return open<T>(ring, id, row.value);
}

/**
 * Seals every row of `idp_keys` under the ring's current KEK: rows in clear (from before ADR 52)
 * and rows sealed with the previous KEK (a rotation). A compare-and-set per row, so processes
 * starting together do it once. Refuses (throws) a row sealed with a KEK the ring lacks.
 * Returns the names of the rows it sealed again.
 */
export async function resealStoredKeys(db: Db, ring: KeyRing): Promise<string[]> {
  const rows = await db.selectFrom('idp_keys').select(['id', 'value']).orderBy('id').execute();
  const resealed: string[] = [];
  for (const row of rows) {
    if (sealedBy(row.value) === ring.current.id) continue;
    const value = isSealed(row.value) ? await open(ring, row.id, row.value) : row.value;
    const sealed: Sealed = await seal(ring, row.id, value);
    const done = await db
      .updateTable('idp_keys')
      .set({ value: JSON.stringify(sealed) })
      .where('id', '=', row.id)
      .where('value', '=', sql<unknown>`${JSON.stringify(row.value)}::jsonb`)
      .executeTakeFirst();
    if (done.numUpdatedRows > 0n) resealed.push(row.id);
  }
  return resealed;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * The provider's secrets, opened once at start: every stored one sealed under the current KEK
 * first, then each read (or generated on first start). Cookie keys come from OIDC_COOKIE_KEYS
 * when set (required in production).
 */
export async function loadIdpKeys(db: Db, config: Config, ring: KeyRing): Promise<IdpKeys> {
  await resealStoredKeys(db, ring);
  const jwks = await loadOrCreate(db, ring, 'signing', async () => ({ keys: [await newSigningKey()] }));
  let cookieKeys = config.oidc.cookieKeys;
  if (!cookieKeys?.length) {
    if (config.env === 'production') throw new Error('OIDC_COOKIE_KEYS is required in production');
    cookieKeys = await loadOrCreate(db, ring, 'cookies', async () => [randomBytes(32).toString('base64url')]);
  }
  const mfa = await loadOrCreate(db, ring, 'mfa', async () => randomBytes(32).toString('base64url'));
  return { jwks, cookieKeys, mfaKey: Buffer.from(mfa, 'base64url') };
}
