import { createECDH, randomBytes } from 'node:crypto';
import { pushKeyMessages, pushSubscriptionRequest } from '@pria/contracts';
import { describe, expect, it } from 'vitest';
import { pushDeviceKeysProblem } from './push-device-keys.ts';

// P-256's generator G (SEC 2): a point on the curve whatever else changes.
const GX = '6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296';
const GY = '4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5';
const P = 'ffffffff00000001000000000000000000000000ffffffffffffffffffffffff';
const point = (x: string, y: string, prefix = '04') =>
  Buffer.from(prefix + x + y, 'hex').toString('base64url');
const plusOne = (hex: string) => (BigInt(`0x${hex}`) + 1n).toString(16).padStart(64, '0');
const auth = randomBytes(16).toString('base64url');

describe('a push subscription key', () => {
  it('is accepted when it is a point on the P-256 curve, as browsers make them', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    expect(pushDeviceKeysProblem({ p256dh: ecdh.getPublicKey().toString('base64url'), auth })).toBeNull();
    expect(pushDeviceKeysProblem({ p256dh: point(GX, GY), auth })).toBeNull();
  });

  it('is refused when it is 65 bytes that are not a point on the curve', () => {
    for (const p256dh of [
      point(GX, plusOne(GY)), // off the curve
      point('00'.repeat(32), '00'.repeat(32)), // (0, 0)
      point(P, GY), // x not below the field prime
      point('ff'.repeat(32), 'ff'.repeat(32)),
      point(GX, GY, '05'), // not the uncompressed form's 0x04
    ]) {
      expect(pushDeviceKeysProblem({ p256dh, auth }), p256dh).toBe(pushKeyMessages.p256dh);
    }
  });

  it('is refused compressed or of another length, and the auth secret must be 16 bytes', () => {
    const compressed = Buffer.from(`03${GX}`, 'hex').toString('base64url');
    expect(pushDeviceKeysProblem({ p256dh: compressed, auth })).toBe(pushKeyMessages.p256dh);
    for (const bytes of [15, 17, 32]) {
      const other = randomBytes(bytes).toString('base64url');
      expect(pushDeviceKeysProblem({ p256dh: point(GX, GY), auth: other })).toBe(pushKeyMessages.auth);
    }
  });

  it('has its length checked by the shared request schema, with the same words', () => {
    const body = (p256dh: string, authKey: string) => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys: { p256dh, auth: authKey },
    });
    expect(pushSubscriptionRequest.safeParse(body(point(GX, GY), auth)).success).toBe(true);
    expect(pushSubscriptionRequest.safeParse(body(`${point(GX, GY)}=`, `${auth}==`)).success).toBe(true);
    const short = pushSubscriptionRequest.safeParse(body(point(GX, GY).slice(1), auth));
    expect(short.error?.issues[0]?.message).toBe(pushKeyMessages.p256dh);
    const longAuth = pushSubscriptionRequest.safeParse(body(point(GX, GY), `${auth}A`));
    expect(longAuth.error?.issues[0]?.message).toBe(pushKeyMessages.auth);
  });
});
