import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** What the step-up page posts: CyberSource's access token (a JWT) to the issuer's step-up URL. */
export interface StepUp {
  stepUpUrl: string;
  accessToken: string;
}

/** Where our step-up page lives (step-up.routes.ts). */
export const stepUpPagePath = '/gateway/cybersource/step-up';

/** How long a step-up link works; the issuer's own JWT is short-lived too. */
export const STEP_UP_LIFETIME_MS = 30 * 60_000;

/**
 * The step-up link carries its form sealed (AES-256-GCM) rather than a row id: the adapter
 * keeps no state, any node can open it, and the access token is unreadable wherever the link is
 * stored or logged (payment_attempts.session_url). The key is derived from the CyberSource
 * shared secret every node already has, so rotating that secret also retires old links.
 */
export function stepUpKey(sharedSecretBase64: string): Buffer {
  const ikm = Buffer.from(sharedSecretBase64, 'base64');
  return Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), 'pria cybersource step-up v1', 32));
}

/** `value` as JSON, AES-256-GCM sealed with an expiry and a kind (a seal opens only as its kind). */
function seal(kind: string, value: unknown, key: Buffer, now: Date): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const plain = JSON.stringify({ k: kind, v: value, e: now.getTime() + STEP_UP_LIFETIME_MS });
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** What `seal(kind, ...)` sealed, or undefined when not sealed with this key, altered, expired or of another kind. */
function open(kind: string, token: string, key: Buffer, now: Date): unknown {
  const raw = Buffer.from(token, 'base64url');
  if (raw.length < 12 + 16 + 2) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
    const { k, v, e } = JSON.parse(plain.toString('utf8'));
    return k === kind && typeof e === 'number' && e >= now.getTime() ? v : undefined;
  } catch {
    return undefined;
  }
}

export function sealStepUp(stepUp: StepUp, key: Buffer, now: Date): string {
  return seal('step-up', { u: stepUp.stepUpUrl, t: stepUp.accessToken }, key, now);
}

/** The step-up sealed in `token`, or null when it was not sealed with this key, was altered or expired. */
export function openStepUp(token: string, key: Buffer, now: Date): StepUp | null {
  const v = open('step-up', token, key, now) as { u?: unknown; t?: unknown } | undefined;
  if (typeof v?.u !== 'string' || typeof v.t !== 'string') return null;
  try {
    if (!/^https?:$/.test(new URL(v.u).protocol)) return null;
  } catch {
    return null;
  }
  return { stepUpUrl: v.u, accessToken: v.t };
}

/** The charge a step-up belongs to, carried (sealed) in the issuer's return URL. */
export interface SteppedUpCharge {
  reference: string;
  instrumentId: string;
  amountCents: number;
}

export function sealCharge(charge: SteppedUpCharge, key: Buffer, now: Date): string {
  return seal('charge', charge, key, now);
}

/** The charge sealed in `token`, or null when it was not sealed here, was altered or expired. */
export function openCharge(token: string, key: Buffer, now: Date): SteppedUpCharge | null {
  const c = open('charge', token, key, now) as Partial<SteppedUpCharge> | undefined;
  if (
    typeof c?.reference !== 'string' ||
    typeof c.instrumentId !== 'string' ||
    !Number.isSafeInteger(c.amountCents)
  )
    return null;
  return { reference: c.reference, instrumentId: c.instrumentId, amountCents: c.amountCents as number };
}
