import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bodyDigest, signRequest } from './cybersource-signer.ts';

const secret = Buffer.from('a fixed 32-byte secret for tests!').toString('base64');
const keys = { merchantId: 'pria_test', keyId: 'key-123', sharedSecret: secret };
const date = new Date('2026-01-28T21:00:00Z');

describe('HTTP signature', () => {
  it('signs a POST over host, date, request-target, digest and merchant id', () => {
    const body = '{"clientReferenceInformation":{"code":"payin:1"}}';
    const signed = signRequest({
      ...keys,
      method: 'POST',
      url: 'https://apitest.cybersource.com/pts/v2/payments',
      body,
      date,
    });

    // The expected values, computed here independently of the signer.
    const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
    const lines = [
      'host: apitest.cybersource.com',
      'date: Wed, 28 Jan 2026 21:00:00 GMT',
      'request-target: post /pts/v2/payments',
      `digest: ${digest}`,
      'v-c-merchant-id: pria_test',
    ].join('\n');
    const mac = createHmac('sha256', Buffer.from('a fixed 32-byte secret for tests!'))
      .update(lines)
      .digest('base64');

    expect(signed.host).toBe('apitest.cybersource.com');
    expect(signed.headers).toEqual({
      date: 'Wed, 28 Jan 2026 21:00:00 GMT',
      digest,
      'v-c-merchant-id': 'pria_test',
      signature: `keyid="key-123", algorithm="HmacSHA256", headers="host date request-target digest v-c-merchant-id", signature="${mac}"`,
    });
    expect(bodyDigest(body)).toBe(digest);
  });

  it('leaves the digest out of GET and DELETE, and signs the query and port', () => {
    const signed = signRequest({
      ...keys,
      method: 'DELETE',
      url: 'http://127.0.0.1:8443/tms/v1/paymentinstruments/AB?x=1',
      date,
    });
    const lines = [
      'host: 127.0.0.1:8443',
      'date: Wed, 28 Jan 2026 21:00:00 GMT',
      'request-target: delete /tms/v1/paymentinstruments/AB?x=1',
      'v-c-merchant-id: pria_test',
    ].join('\n');
    const mac = createHmac('sha256', Buffer.from(secret, 'base64')).update(lines).digest('base64');
    expect(signed.headers.digest).toBeUndefined();
    expect(signed.headers.signature).toBe(
      `keyid="key-123", algorithm="HmacSHA256", headers="host date request-target v-c-merchant-id", signature="${mac}"`,
    );
  });

  it('keys the HMAC with the decoded secret, not its base64 text', () => {
    const a = signRequest({ ...keys, method: 'GET', url: 'https://h/x', date }).headers.signature;
    const b = signRequest({
      ...keys,
      sharedSecret: Buffer.from(secret).toString('base64'),
      method: 'GET',
      url: 'https://h/x',
      date,
    }).headers.signature;
    expect(a).not.toBe(b);
  });
});
