import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  DEV_KEK_FILE,
  isSealed,
  keyEncryptionKey,
  open,
  resolveKeyRing,
  seal,
  UnknownKeyEncryptionKey,
} from './key-encryption.ts';
import { createLogger } from './logger.ts';

/** The key-encryption key (ADR 52): where it comes from, and what a sealed value lets through. */
const logger = createLogger('silent');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pria-kek-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ring = (current: Buffer, previous?: Buffer) => ({
  current: keyEncryptionKey(current),
  previous: previous ? keyEncryptionKey(previous) : undefined,
});

describe('the key-encryption key', () => {
  it('is generated once into the data directory in development, readable by its owner only', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const config = loadConfig({ PRIA_DATA_DIR: dataDir });
    const first = await resolveKeyRing(config, logger);
    const file = path.join(dataDir, DEV_KEK_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    // The next start (or a second process) uses the same key.
    const again = await resolveKeyRing(config, logger);
    expect(again.current.id).toBe(first.current.id);
    expect(Buffer.from(again.current.key).equals(Buffer.from(first.current.key))).toBe(true);
  });

  it('comes from PRIA_KEY_ENCRYPTION_KEY when set, and no file is written', async () => {
    const dataDir = tempDir();
    const key = randomBytes(32);
    const config = loadConfig({ PRIA_DATA_DIR: dataDir, PRIA_KEY_ENCRYPTION_KEY: key.toString('base64') });
    const { current } = await resolveKeyRing(config, logger);
    expect(current.id).toBe(keyEncryptionKey(key).id);
    expect(() => statSync(path.join(dataDir, DEV_KEK_FILE))).toThrow();
  });
});

describe('a sealed value', () => {
  it('holds no trace of the secret, and opens under its KEK and name only', async () => {
    const a = randomBytes(32);
    const secret = { keys: [{ kty: 'RSA', d: 'private-exponent-material' }] };
    const sealed = await seal(ring(a), 'signing', secret);
    expect(isSealed(sealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toMatch(/private-exponent-material|"d"|kty/);
    expect(await open(ring(a), 'signing', sealed)).toEqual(secret);
    // Copied onto another secret's name, it does not open.
    await expect(open(ring(a), 'cookies', sealed)).rejects.toThrow(/holds another secret/);
    // Another key does not open it, and the message names the variables to set.
    const other = ring(randomBytes(32));
    await expect(open(other, 'signing', sealed)).rejects.toThrow(UnknownKeyEncryptionKey);
    await expect(open(other, 'signing', sealed)).rejects.toThrow(/PRIA_KEY_ENCRYPTION_KEY_PREVIOUS/);
  });

  it('opens under the previous KEK during a rotation, and a tampered one never opens', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const sealed = await seal(ring(oldKey), 'mfa', 'totp-key');
    expect(await open(ring(newKey, oldKey), 'mfa', sealed)).toBe('totp-key');
    const [header, , iv, body, tag] = sealed.sealed.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    await expect(
      open(ring(oldKey), 'mfa', { sealed: `${header}..${iv}.${flipped}.${tag}` }),
    ).rejects.toThrow();
  });
});
