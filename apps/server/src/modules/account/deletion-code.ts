import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Salted sha256 of a deletion code: `<salt>$<hex>`. NOTE: 4 digits cannot resist offline
 * guessing whatever the hash; single use, 10 minutes and 5 attempts are the protection, and
 * hashing keeps live codes out of dumps of the table.
 */
export function hashDeletionCode(code: string): string {
  const salt = randomBytes(8).toString('hex');
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

export function deletionCodeMatches(code: string, stored: string): boolean {
  const [salt, hex] = stored.split('$');
  if (!salt || !hex || !/^\d{4}$/.test(code)) return false;
  const actual = createHash('sha256').update(`${salt}:${code}`).digest();
  const expected = Buffer.from(hex, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
