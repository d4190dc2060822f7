import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** Encrypts a TOTP secret with AES-256-GCM: `v1.<iv>.<ciphertext+tag>` (base64url). */
export function sealSecret(key: Buffer, secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret), cipher.final(), cipher.getAuthTag()]);
  return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
}

export function openSecret(key: Buffer, sealed: string): Buffer {
  const [version, iv, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !body) throw new Error('unknown secret format');
  const data = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
}

/** A random numeric code of `digits` digits (leading zeros kept). */
export function numericCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/**
 * Salted sha256 of a short code: `<salt>$<hex>`. NOTE: a 6-digit code cannot resist offline
 * guessing whatever the hash; what protects it is single use, 10 minutes and 5 attempts.
 * Hashing keeps live codes out of dumps and logs of the table.
 */
export function hashCode(code: string): string {
  const salt = randomBytes(8).toString('hex');
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

export function codeMatches(code: string, stored: string | null): boolean {
  if (!stored) return false;
  const [salt, hex] = stored.split('$');
  if (!salt || !hex) return false;
  const actual = createHash('sha256').update(`${salt}:${code}`).digest();
  const expected = Buffer.from(hex, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** `•••• 0104` for a phone, `a•••@example.com` for an email: enough to recognise, not to read. */
export function maskPhone(phone: string): string {
  return `•••• ${phone.slice(-4)}`;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
