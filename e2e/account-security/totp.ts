import { createHmac } from 'node:crypto';

/** RFC 6238 TOTP as authenticator apps compute it: HMAC-SHA-1, 6 digits, 30-second steps. */
export const STEP_SECONDS = 30;
const DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, ignoring case, spaces and padding (the enrolment page groups it in fours). */
export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of text.toUpperCase().replace(/[\s=]/g, '')) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The 30-second step a moment belongs to. */
export function timeStep(nowMs = Date.now()): number {
  return Math.floor(nowMs / 1000 / STEP_SECONDS);
}

/** RFC 4226 HOTP with dynamic truncation, for one counter (= TOTP time step). */
export function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/** The code an authenticator app shows for `secret` (base32) at a given step (default: now). */
export function totp(secret: string, step = timeStep()): string {
  return hotp(base32Decode(secret), step);
}

/**
 * A code the server has not seen yet: it accepts one step either side of now (TOTP_DRIFT_STEPS
 * in apps/server/src/idp/totp.ts) and only steps greater than the last one accepted. Waits for
 * the next window when even now+1 is not new.
 */
export async function freshCode(
  secret: string,
  lastUsedStep: number,
): Promise<{ code: string; step: number }> {
  const step = Math.max(timeStep(), lastUsedStep + 1);
  while (step > timeStep() + 1) await new Promise((r) => setTimeout(r, 500));
  return { code: totp(secret, step), step };
}
