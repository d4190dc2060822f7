import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';
import type { Db } from '../../../platform/db.ts';
import { createPaymentGateway } from '../create-gateway.ts';
import { CybersourceGateway } from './cybersource-gateway.ts';

const secret = Buffer.from('shared secret').toString('base64');
const full = {
  PAYMENT_GATEWAY: 'cybersource',
  CYBERSOURCE_MERCHANT_ID: 'pria_test',
  CYBERSOURCE_KEY_ID: 'key-1',
  CYBERSOURCE_SHARED_SECRET: secret,
};

describe('CyberSource configuration', () => {
  it('is off by default: the simulator is the gateway', () => {
    const c = loadConfig({});
    expect(c.payments.gateway).toBe('simulator');
    expect(c.payments.cybersource).toBeUndefined();
  });

  it('reads the credentials, with the sandbox URL and a 15 s timeout by default', () => {
    expect(loadConfig(full).payments.cybersource).toEqual({
      baseUrl: 'https://apitest.cybersource.com',
      merchantId: 'pria_test',
      keyId: 'key-1',
      sharedSecret: secret,
      timeoutMs: 15_000,
      microformOrigin: 'https://testflex.cybersource.com',
    });
    const prod = loadConfig({
      ...full,
      CYBERSOURCE_BASE_URL: 'https://api.cybersource.com/',
      CYBERSOURCE_TIMEOUT_MS: '8000',
    });
    expect(prod.payments.cybersource).toMatchObject({
      baseUrl: 'https://api.cybersource.com',
      timeoutMs: 8000,
      microformOrigin: 'https://flex.cybersource.com',
    });
  });

  it('takes the Microform origin from CYBERSOURCE_MICROFORM_ORIGIN (an origin, whatever path is given)', () => {
    const c = loadConfig({ ...full, CYBERSOURCE_MICROFORM_ORIGIN: 'http://127.0.0.1:4555/microform/' });
    expect(c.payments.cybersource?.microformOrigin).toBe('http://127.0.0.1:4555');
    expect(() => loadConfig({ ...full, CYBERSOURCE_MICROFORM_ORIGIN: 'flex' })).toThrow(
      /CYBERSOURCE_MICROFORM_ORIGIN/,
    );
  });

  it('names each missing or malformed setting when the gateway is cybersource', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'cybersource' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'cybersource', CYBERSOURCE_KEY_ID: 'k' })).toThrow(
      /CYBERSOURCE_MERCHANT_ID[\s\S]*CYBERSOURCE_SHARED_SECRET/,
    );
    expect(() => loadConfig({ ...full, CYBERSOURCE_SHARED_SECRET: 'not base64!' })).toThrow(
      /CYBERSOURCE_SHARED_SECRET/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/PAYMENT_GATEWAY/);
  });

  it('refuses a lookup lag that does not exceed the HTTP timeout (a call could still be in flight)', () => {
    expect(loadConfig(full).billing.lookupLagMs).toBe(1_800_000);
    expect(() => loadConfig({ ...full, BILLING_LOOKUP_LAG_SECONDS: '15' })).toThrow(
      /BILLING_LOOKUP_LAG_SECONDS/,
    );
    expect(() =>
      loadConfig({ ...full, BILLING_LOOKUP_LAG_SECONDS: '5', CYBERSOURCE_TIMEOUT_MS: '8000' }),
    ).toThrow(/must exceed CYBERSOURCE_TIMEOUT_MS/);
    expect(loadConfig({ ...full, BILLING_LOOKUP_LAG_SECONDS: '16' }).billing.lookupLagMs).toBe(16_000);
  });

  it('PAYMENT_GATEWAY=cybersource makes createPaymentGateway build this adapter (no database needed)', async () => {
    const gateway = await createPaymentGateway(loadConfig(full), {} as Db);
    expect(gateway).toBeInstanceOf(CybersourceGateway);
    expect(gateway.name).toBe('cybersource');
  });
});
