import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface StandInKeys {
  merchantId: string;
  keyId: string;
  /** base64 */
  sharedSecret: string;
}

const maxSkewMs = 5 * 60_000;

/**
 * Checks a request the way CyberSource does, written apart from our signer on purpose: the
 * keyid, the signed header list, a fresh Date (±5 min), a Digest equal to the SHA-256 of the
 * bytes received, the merchant id, and the HMAC over the lines rebuilt from what arrived.
 * Returns why it fails, or null when the request is authentic.
 */
export function verifyRequest(
  req: IncomingMessage,
  rawBody: Buffer,
  keys: StandInKeys,
  now: Date,
): string | null {
  const header = req.headers.signature;
  if (typeof header !== 'string') return 'no signature header';
  const params = Object.fromEntries(
    [...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [String(m[1]).toLowerCase(), String(m[2])] as const),
  );
  if (params.keyid !== keys.keyId) return 'unknown keyid';
  if (params.algorithm !== 'HmacSHA256') return 'unsupported algorithm';
  const hasBody = rawBody.length > 0;
  const expected = hasBody
    ? 'host date request-target digest v-c-merchant-id'
    : 'host date request-target v-c-merchant-id';
  if (params.headers !== expected) return `signed headers must be "${expected}"`;
  if (req.headers['v-c-merchant-id'] !== keys.merchantId) return 'wrong merchant id';
  const date = Date.parse(String(req.headers.date ?? ''));
  if (Number.isNaN(date) || Math.abs(now.getTime() - date) > maxSkewMs) return 'date missing or stale';
  if (hasBody) {
    const digest = `SHA-256=${createHash('sha256').update(rawBody).digest('base64')}`;
    if (req.headers.digest !== digest) return 'digest does not match the body';
  }
  const line = (name: string) => {
    if (name === 'request-target') return `request-target: ${String(req.method).toLowerCase()} ${req.url}`;
    return `${name}: ${req.headers[name]}`;
  };
  const signingString = expected.split(' ').map(line).join('\n');
  const mac = createHmac('sha256', Buffer.from(keys.sharedSecret, 'base64')).update(signingString).digest();
  const given = Buffer.from(params.signature ?? '', 'base64');
  if (given.length !== mac.length || !timingSafeEqual(given, mac)) return 'signature mismatch';
  return null;
}
