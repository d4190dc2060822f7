import { createPublicKey } from 'node:crypto';
import { pushKeyMessages } from '@pria/contracts';

/**
 * The keys a device's push subscription gives (RFC 8291): `p256dh`, the device's P-256 public key
 * as an uncompressed point (0x04, x, y: 65 bytes), and `auth`, a 16-byte secret. Every message is
 * encrypted to them, so a key that is not a point on the curve can never be sent to: refused when
 * the device subscribes instead of failing at every delivery (issue 39: one was stored and retried
 * ten times). The point is checked by importing it as a JWK, which OpenSSL refuses off the curve.
 * Returns the words of the 400, or null when both are good.
 */
export function pushDeviceKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04 || !isP256Point(point)) return pushKeyMessages.p256dh;
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return pushKeyMessages.auth;
  return null;
}

function isP256Point(point: Buffer): boolean {
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}
