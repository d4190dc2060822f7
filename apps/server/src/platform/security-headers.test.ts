import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { createHttpApp } from './app.ts';
import { createLogger } from './logger.ts';
import { computeSecurityHeaders } from './security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const helmetHeaders = [
  'content-security-policy',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-powered-by',
  'x-xss-protection',
];
const securityHeadersOf = (h: Record<string, unknown>) =>
  Object.fromEntries(helmetHeaders.filter((k) => h[k] !== undefined).map((k) => [k, String(h[k])]));

/**
 * What @fastify/helmet 13.2 (helmet 8.3) sent with the app's options before the headers were
 * computed once at start-up, recorded from its responses: the same values must still be sent.
 */
function previousHeaders(issuerOrigin: string, opts: { https?: boolean; microform?: string } = {}) {
  const mf = opts.microform ? ` ${opts.microform}` : '';
  return {
    'content-security-policy':
      `default-src 'self';script-src 'self'${mf};style-src 'self' 'unsafe-inline';img-src 'self' data:;` +
      `font-src 'self' data:;connect-src 'self' ${issuerOrigin}${mf};media-src 'self';` +
      `frame-src 'self' ${issuerOrigin}${mf};frame-ancestors 'none';form-action 'self' ${issuerOrigin};` +
      `base-uri 'self';object-src 'none'`,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(opts.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

async function shellWith(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '1',
    PUBLIC_URL: 'http://127.0.0.1:1',
    DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    ...env,
  });
  return createHttpApp({
    config,
    logger: createLogger('silent'),
    verifyToken: async () => {
      throw new Error('not called');
    },
  });
}

describe('security headers', () => {
  it('are the ones helmet sent, on answers, errors, 404s and identity-provider pages', async () => {
    const expected = previousHeaders(new URL(t.url).origin);
    for (const path of [
      '/healthz',
      '/api/v1/customers/me', // 401 from the access check
      '/api/v1/nothing-here', // 404
      '/oidc/.well-known/openid-configuration', // written by oidc-provider to the raw response
      '/metrics',
    ]) {
      const res = await fetch(`${t.url}${path}`);
      expect(securityHeadersOf(Object.fromEntries(res.headers)), path).toEqual(expected);
      expect(res.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('add HSTS over https and the Microform origin with CyberSource, as before', async () => {
    const https = await shellWith({ PUBLIC_URL: 'https://pria.example' });
    const res = await https.inject('/healthz');
    expect(securityHeadersOf(res.headers)).toEqual(previousHeaders('https://pria.example', { https: true }));
    await https.close();

    const cybersource = await shellWith({
      PAYMENT_GATEWAY: 'cybersource',
      CYBERSOURCE_BASE_URL: 'https://apitest.cybersource.com',
      CYBERSOURCE_MERCHANT_ID: 'merchant',
      CYBERSOURCE_KEY_ID: 'key',
      CYBERSOURCE_SHARED_SECRET: Buffer.from('x'.repeat(32)).toString('base64'),
    });
    const withMicroform = await cybersource.inject('/healthz');
    expect(securityHeadersOf(withMicroform.headers)).toEqual(
      previousHeaders('http://127.0.0.1:1', { microform: 'https://testflex.cybersource.com' }),
    );
    await cybersource.close();
  });

  it('refuse options that depend on the request (they cannot be computed once)', () => {
    expect(() =>
      computeSecurityHeaders({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (req) => `'nonce-${String(req.url)}'`],
          },
        },
      }),
    ).toThrow(/must not depend on the request/);
  });
});
