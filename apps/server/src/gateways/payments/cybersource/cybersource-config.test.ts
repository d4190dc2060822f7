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
    });
    const prod = loadConfig({
      ...full,
      CYBERSOURCE_BASE_URL: 'https://api.cybersource.com/',
      CYBERSOURCE_TIMEOUT_MS: '8000',
    });
    expect(prod.payments.cybersource).toMatchObject({
      baseUrl: 'https://api.cybersource.com',
      timeoutMs: 8000,
    });
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

  it('PAYMENT_GATEWAY=cybersource makes createPaymentGateway build this adapter (no database needed)', async () => {
    const gateway = await createPaymentGateway(loadConfig(full), {} as Db);
    expect(gateway).toBeInstanceOf(CybersourceGateway);
    expect(gateway.name).toBe('cybersource');
  });
});
