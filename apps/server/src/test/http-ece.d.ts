/** The http_ece package (Encrypted Content-Encoding, RFC 8188) ships no types; what the tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm' | 'aesgcm'; privateKey: ECDH; authSecret: string | Buffer },
  ): Buffer;
}
