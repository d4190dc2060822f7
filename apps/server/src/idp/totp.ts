import { randomBytes } from 'node:crypto';
import { generateSync, generateURI, ScureBase32Plugin, verifySync } from 'otplib';

/**
 * Time-based one-time passwords as authenticator apps expect them (RFC 6238 over RFC 4226 HOTP,
 * HMAC-SHA-1, 6 digits, 30-second steps, secrets shown in base32), on otplib (issue 29: the
 * hand-written HOTP and base32 were replaced by a maintained library). Secrets stay the 20 raw
 * bytes we store encrypted (mfa-secrets.ts), so every authenticator enrolled before keeps working.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now, for clocks that drift (one step = 30 s). */
export const TOTP_DRIFT_STEPS = 1;

const base32 = new ScureBase32Plugin();

export function base32Encode(data: Buffer): string {
  return base32.encode(data, { padding: false });
}

/** Decodes base32, ignoring case, spaces and padding; throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  return Buffer.from(base32.decode(clean));
}

export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

export function totp(key: Buffer, nowMs: number, digits: 6 | 8 = TOTP_DIGITS): string {
  return generateSync({ secret: new Uint8Array(key), epoch: Math.floor(nowMs / 1000), digits });
}

/**
 * The time step a code belongs to (now, or one step either side), or null. Callers store the
 * step and refuse any step not greater than the last one accepted, so each code works once.
 */
export function matchTotp(key: Buffer, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({
    secret: new Uint8Array(key),
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_DRIFT_STEPS * TOTP_STEP_SECONDS,
  });
  return result.valid ? timeStep(nowMs) + result.delta : null;
}

/** A new 160-bit secret (the size RFC 4226 recommends for SHA-1). */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** The URI authenticator apps read from the QR code, or open from a tap on a phone. */
export function otpauthUri(opts: { secret: Buffer; account: string; issuer: string }): string {
  return generateURI({
    issuer: opts.issuer,
    label: opts.account,
    secret: base32Encode(opts.secret),
    algorithm: 'sha1',
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
  });
}
