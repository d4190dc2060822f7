import { createHash, createHmac } from 'node:crypto';

/** What CyberSource needs to authenticate one REST call with a shared secret (HTTP Signature). */
export interface SignRequestInput {
  method: string;
  /** The full URL; its host and path (with query) are signed. */
  url: string | URL;
  /** The exact JSON text sent; omitted for GET and DELETE, which carry no digest. */
  body?: string;
  merchantId: string;
  /** The shared secret key's serial number from the Business Center. */
  keyId: string;
  /** The shared secret as the Business Center shows it: base64. */
  sharedSecret: string;
  /** Defaults to now; tests pass a fixed instant. */
  date?: Date;
}

/** Headers to send. `host` is signed but fetch sets it from the URL, so it is returned apart. */
export interface SignedHeaders {
  host: string;
  headers: Record<string, string>;
}

/** `SHA-256=` + base64 of the SHA-256 of the body bytes. */
export function bodyDigest(body: string): string {
  return `SHA-256=${createHash('sha256').update(body, 'utf8').digest('base64')}`;
}

/**
 * Computes the Date, Digest and Signature headers. The signature is the base64 HMAC-SHA256,
 * keyed with the base64-DECODED secret, of the lines `name: value` joined by `\n`, in the order
 * the `headers` parameter lists them. NOTE: a body is signed only through its digest, so the
 * caller must send exactly the string it signed.
 */
export function signRequest(input: SignRequestInput): SignedHeaders {
  const url = typeof input.url === 'string' ? new URL(input.url) : input.url;
  const method = input.method.toLowerCase();
  const date = (input.date ?? new Date()).toUTCString();
  const digest = input.body === undefined ? undefined : bodyDigest(input.body);
  const withBody = digest !== undefined && method !== 'get' && method !== 'delete';
  const values: Record<string, string | undefined> = {
    host: url.host,
    date,
    'request-target': `${method} ${url.pathname}${url.search}`,
    'v-c-merchant-id': input.merchantId,
  };
  if (withBody) values.digest = digest;
  const names = withBody
    ? ['host', 'date', 'request-target', 'digest', 'v-c-merchant-id']
    : ['host', 'date', 'request-target', 'v-c-merchant-id'];
  const signingString = names.map((n) => `${n}: ${values[n]}`).join('\n');
  const signature = createHmac('sha256', Buffer.from(input.sharedSecret, 'base64'))
    .update(signingString, 'utf8')
    .digest('base64');
  const headers: Record<string, string> = {
    date,
    'v-c-merchant-id': input.merchantId,
    signature: `keyid="${input.keyId}", algorithm="HmacSHA256", headers="${names.join(' ')}", signature="${signature}"`,
  };
  if (withBody) headers.digest = digest;
  return { host: url.host, headers };
}
