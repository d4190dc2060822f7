import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from 'jose';
import type { Config } from '../config.ts';
import type { Logger } from './logger.ts';

/**
 * The key-encryption key (KEK, issue 39, ADR 52): the secrets the app keeps in its database (the
 * token-signing key, the cookie keys, the key that encrypts TOTP secrets) are stored sealed
 * with it, so reading the database is not enough to forge a token. It never enters the
 * database: production takes it from PRIA_KEY_ENCRYPTION_KEY; development generates one into
 * the data directory on first start.
 *
 * A sealed value is a compact JWE (`dir`, A256GCM: jose), its protected header naming the KEK
 * (`kid`, a digest of the key, never the key) and the secret it holds (`pria_key`), so a sealed
 * value copied onto another row's name does not open there.
 */
export interface KeyEncryptionKey {
  /** A short digest that names the key in sealed values and messages. */
  id: string;
  key: Uint8Array;
}

/** The key that seals, and one more that only opens (during a rotation). */
export interface KeyRing {
  current: KeyEncryptionKey;
  previous: KeyEncryptionKey | undefined;
}

export interface Sealed {
  sealed: string;
}

/** The file development keeps its generated KEK in (never in the database). */
export const DEV_KEK_FILE = 'key-encryption-key';

export function keyEncryptionKey(bytes: Uint8Array): KeyEncryptionKey {
  if (bytes.length !== 32) throw new Error('a key-encryption key is 32 bytes');
  const id = createHash('sha256')
    .update('pria-kek:')
    .update(bytes)
    .digest()
    .subarray(0, 9)
    .toString('base64url');
  return { id, key: new Uint8Array(bytes) };
}

/**
 * The KEK this process seals with (and the previous one it may still open), from the
 * configuration; outside production without one, the data directory's file, created (mode 0600)
 * on first start.
 */
export async function resolveKeyRing(config: Config, logger: Logger): Promise<KeyRing> {
  const { key, previous } = config.keyEncryption;
  const current = key ? keyEncryptionKey(key) : await developmentKey(config, logger);
  return { current, previous: previous ? keyEncryptionKey(previous) : undefined };
}

async function developmentKey(config: Config, logger: Logger): Promise<KeyEncryptionKey> {
  // config.ts refuses production without PRIA_KEY_ENCRYPTION_KEY; this is the second lock.
  if (config.env === 'production') throw new Error('PRIA_KEY_ENCRYPTION_KEY is required in production');
  const file = path.join(config.dataDir, DEV_KEK_FILE);
  await mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx': only the first start writes it; two processes starting at once both read the winner's.
    await writeFile(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    logger.info({ file }, 'generated a key-encryption key for development');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const mode = (await stat(file)).mode & 0o077;
  if (mode) logger.warn({ file }, 'the key-encryption key file is readable by others: chmod 600 it');
  const bytes = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  if (bytes.length !== 32)
    throw new Error(`${file} does not hold a 32-byte base64 key; delete it to make a new one`);
  return keyEncryptionKey(bytes);
}

export function isSealed(value: unknown): value is Sealed {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as Sealed).sealed === 'string'
  );
}

/** Seals a JSON value under the ring's current KEK, bound to its name. */
export async function seal(ring: KeyRing, name: string, value: unknown): Promise<Sealed> {
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: ring.current.id, pria_key: name })
    .encrypt(ring.current.key);
  return { sealed: jwe };
}

export class UnknownKeyEncryptionKey extends Error {}

/** Which KEK sealed a value (its `kid`), or null when the value is not sealed. */
export function sealedBy(value: unknown): string | null {
  if (!isSealed(value)) return null;
  const kid = decodeProtectedHeader(value.sealed).kid;
  return typeof kid === 'string' ? kid : null;
}

/** Opens a value sealed under one of the ring's KEKs for `name`; throws when it cannot. */
export async function open<T>(ring: KeyRing, name: string, value: Sealed): Promise<T> {
  const kid = sealedBy(value);
  const kek = [ring.current, ring.previous].find((k) => k?.id === kid);
  if (!kek) {
    throw new UnknownKeyEncryptionKey(
      `the stored secret "${name}" is sealed with a key-encryption key this process does not have (id ${kid}): set PRIA_KEY_ENCRYPTION_KEY (and PRIA_KEY_ENCRYPTION_KEY_PREVIOUS during a rotation)`,
    );
  }
  const { plaintext, protectedHeader } = await compactDecrypt(value.sealed, kek.key, {
    keyManagementAlgorithms: ['dir'],
    contentEncryptionAlgorithms: ['A256GCM'],
  });
  if (protectedHeader.pria_key !== name) throw new Error(`the stored secret "${name}" holds another secret`);
  return JSON.parse(new TextDecoder().decode(plaintext)) as T;
}
