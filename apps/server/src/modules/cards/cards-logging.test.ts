import { Writable } from 'node:stream';
import { encryptCard } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createUser } from '../../idp/index.ts';
import { createLogger } from '../../platform/logger.ts';
import { type Services, startServices } from '../../services.ts';
import { freePort } from '../../test/free-port.ts';
import { testDatabaseEnv } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

// The whole server at trace level with its log captured: card data must never reach a line.
const lines: string[] = [];
let services: Services;
let url: string;
let token: string;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: url,
    ...(await testDatabaseEnv()),
    LOG_LEVEL: 'trace',
  });
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  services = await startServices(config, createLogger('trace', sink));
  await services.app.listen({ port, host: '127.0.0.1' });
  await createUser(services.db, {
    email: 'log@example.com',
    password: 'correct horse 1',
    roles: ['customer'],
    emailVerified: true,
  });
  token = (await oidcLogin({ baseUrl: url, email: 'log@example.com', password: 'correct horse 1' }))
    .access_token;
});
afterAll(() => services?.stop());

const post = (body: unknown) =>
  fetch(`${url}/api/v1/cards`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('card data and logs', () => {
  it('logs requests without card numbers, CVCs or the encrypted payload', async () => {
    const res = await fetch(`${url}/api/v1/cards/public-key`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const jwk = ((await res.json()) as { data: Parameters<typeof encryptCard>[1] }).data;
    const jwe = await encryptCard({ number: '4111 1111 1111 1111', cvc: '8642' }, jwk);
    const declinedJwe = await encryptCard({ number: '4000 0000 0000 0002', cvc: '8642' }, jwk);
    const card = {
      number: jwe,
      cvc: '8642',
      randomBytes: 'abcdefghijklmnop',
      expirationMonth: 12,
      expirationYear: new Date().getFullYear() + 1,
      brand: 'visa',
      name: 'Log Test',
      address: {
        address1: '1 Main St',
        locality: 'Springfield',
        administrativeArea: 'IL',
        postalCode: '62701',
      },
    };
    expect((await post(card)).status).toBe(201);
    expect((await post({ ...card, number: declinedJwe })).status).toBe(402);
    expect((await post({ ...card, number: '4111111111111111' })).status).toBe(400);
    expect((await post({ ...card, brand: '003' })).status).toBe(400);

    const out = lines.join('');
    expect(out).toContain('/api/v1/cards'); // the requests were logged...
    for (const secret of ['4111111111111111', '4111 1111', '4000000000000002', 'abcdefghijklmnop']) {
      expect(out, secret).not.toContain(secret); // ...without their bodies
    }
    // The CVC as a value of its own (not digits inside a timestamp or an id).
    expect(out).not.toMatch(/(^|[^0-9])8642([^0-9]|$)/);
    expect(out).not.toContain(jwe.split('.')[4]);
    expect(out).not.toContain(declinedJwe.split('.')[4]);
  });
});
