import { randomFillSync } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then the version, then random bits.
 * Time-ordered ids put a table's inserts at the right edge of its primary key and (created_at,
 * id) indexes instead of a random leaf (ADR 17).
 *
 * NOTE: written byte by byte into one buffer from a pool of random bytes, and read out as one
 * string: a pay-in makes two ids (ours and the simulator's), and building each from
 * `randomUUID()` (slices, padding, a template) was a sixth of what a pay-in run allocated
 * (docs/benchmarks.md, 2026-11-28); the `uuid` package's v7 took 1.5 µs per id. Ids made within
 * one millisecond are not ordered among themselves (no counter): nothing relies on that.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  return write(now, true);
}

/** True when `value` is a UUID in its text form (any version, either case). */
export function isUuid(value: string): boolean {
  return UUID_TEXT.test(value);
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The same id as 32 hex digits without dashes (for ids with a prefix, as the simulator's). */
export function timeOrderedHex(now: number = Date.now()): string {
  return write(now, false);
}

const RANDOM_PER_ID = 10;
const pool = Buffer.allocUnsafe(RANDOM_PER_ID * 800);
let used = pool.length;
const bytes = new Uint8Array(16);
const text = Buffer.allocUnsafe(36);
const DIGITS = Buffer.from('0123456789abcdef', 'latin1');

function write(now: number, dashes: boolean): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const low = now % 2 ** 32;
  const high = (now - low) / 2 ** 32;
  bytes[0] = high >>> 8;
  bytes[1] = high & 0xff;
  bytes[2] = low >>> 24;
  bytes[3] = (low >>> 16) & 0xff;
  bytes[4] = (low >>> 8) & 0xff;
  bytes[5] = low & 0xff;
  const r = used;
  used += RANDOM_PER_ID;
  bytes[6] = 0x70 | ((pool[r] ?? 0) & 0x0f); // version 7
  bytes[7] = pool[r + 1] ?? 0;
  bytes[8] = 0x80 | ((pool[r + 2] ?? 0) & 0x3f); // variant 10
  for (let i = 9; i < 16; i++) bytes[i] = pool[r + i - 6] ?? 0;
  let at = 0;
  for (let i = 0; i < 16; i++) {
    if (dashes && (i === 4 || i === 6 || i === 8 || i === 10)) text[at++] = 45;
    const b = bytes[i] ?? 0;
    text[at++] = DIGITS[b >> 4] ?? 0;
    text[at++] = DIGITS[b & 0x0f] ?? 0;
  }
  return text.toString('latin1', 0, at);
}
