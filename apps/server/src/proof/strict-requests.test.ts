import { messages } from '@pria/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAddress } from '../test/customers.ts';
import type { TestApp } from '../test/harness.ts';
import { type Caller, call, signIn, startAppWithRouteTable } from './fixtures.ts';
import type { JsonSchema } from './openapi-arbitraries.ts';

/**
 * Requests exactly as strict as the server (issue 41): what the document allows is taken, what
 * the server refuses the document says, and a parameter or property an operation does not name
 * is refused with a 400 naming it instead of being ignored.
 */

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read loosely
type Doc = any;

let t: TestApp;
let doc: Doc;
let ann: Caller;
let admin: Caller;
const ajv = new Ajv2020({ strict: false });
// ajv-formats is CommonJS: its function is the default export's default.
const addFormats = (formats as unknown as { default: typeof formats }).default ?? formats;
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

beforeAll(async () => {
  ({ t } = await startAppWithRouteTable({ TRUST_PROXY: 'true' }));
  doc = (await call(t.url, 'GET', '/api/docs/json')).body;
  ann = await signIn(t, 'ann@pria.test', ['customer']);
  admin = await signIn(t, 'admin@pria.test', ['admin']);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const operation = (path: string, method: string) => doc.paths[path][method];
const bodySchema = (path: string, method: string) =>
  operation(path, method).requestBody.content['application/json'].schema;
const queryParam = (path: string, method: string, name: string) =>
  operation(path, method).parameters.find(
    (p: { name: string; in: string }) => p.in === 'query' && p.name === name,
  )?.schema;
/** Whether the document's schema accepts `value`. */
const documentAccepts = (schema: JsonSchema, value: unknown) => ajv.validate(schema, value);

describe('a parameter or property an operation does not name is refused, by name', () => {
  it('GET /transactions?bogusParameter=1 is 400 naming the parameter (it was a 200)', async () => {
    const res = await call(t.url, 'GET', '/api/v1/transactions?bogusParameter=1', { token: ann.token });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION',
      message: 'Unknown query parameter: bogusParameter',
    });
  });

  it('a typo in POST /customers/notification (forEmails) is 400 naming it, and the choices stay as they were', async () => {
    const before = (await call(t.url, 'GET', '/api/v1/customers/notification', { token: ann.token })).body
      .data;
    const res = await call(t.url, 'POST', '/api/v1/customers/notification', {
      token: ann.token,
      body: { forEmail: [], forSms: [], forEmails: ['payin'] },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toEqual(['Unknown property: forEmails']);
    const after = (await call(t.url, 'GET', '/api/v1/customers/notification', { token: ann.token })).body
      .data;
    expect(after).toEqual(before);
  });

  it('an unknown property inside a nested object is named with its path', async () => {
    const res = await call(t.url, 'PUT', '/api/v1/customers/me', {
      token: ann.token,
      body: { firstName: 'Ann', lastName: 'Lee', phone: '2025550104', address: { ...testAddress, floor: 3 } },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toContain('Unknown property: address.floor');
  });

  it('a body sent to an operation that takes none is refused; {} is taken as no body', async () => {
    const refused = await call(t.url, 'POST', '/api/v1/account/data-exports', {
      token: ann.token,
      body: { format: 'zip' },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toBe('Unknown property: format');
    const asked = await t.db.selectFrom('data_export_requests').select('id').execute();
    expect(asked, 'the refused request asked for nothing').toEqual([]);
    const empty = await call(t.url, 'POST', '/api/v1/account/data-exports', { token: ann.token, body: {} });
    expect(empty.status, empty.text).toBe(202);
  });

  it('the document says so: every request body object refuses other properties, but the WebAuthn credential', () => {
    const open: string[] = [];
    const walk = (s: JsonSchema, where: string) => {
      if (!s || typeof s !== 'object') return;
      if (s.type === 'object' && s.additionalProperties !== false) open.push(where);
      for (const [name, child] of Object.entries<JsonSchema>(s.properties ?? {}))
        walk(child, `${where}.${name}`);
      for (const key of ['items', 'anyOf', 'oneOf', 'allOf'])
        for (const child of [s[key] ?? []].flat()) walk(child, `${where}[${key}]`);
    };
    let bodies = 0;
    for (const [path, ops] of Object.entries<Doc>(doc.paths)) {
      for (const [method, o] of Object.entries<Doc>(ops)) {
        const schema = o.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        bodies++;
        walk(schema, `${method.toUpperCase()} ${path}`);
      }
    }
    expect(bodies).toBeGreaterThan(20);
    // The browser's credential (@simplewebauthn) grows with WebAuthn; the library checks it.
    expect(open).toEqual([
      'POST /api/v1/account/passkeys.response',
      'POST /api/v1/account/passkeys.response.response',
      'POST /api/v1/account/passkeys.response.clientExtensionResults',
    ]);
    expect(doc.info.description).toContain('Unknown query parameter');
  });
});

describe('what the server refuses, the document says', () => {
  it('POST /subscriptions requires card, in the spec’s words when it is missing; a change may leave it out', async () => {
    expect(bodySchema('/api/v1/subscriptions', 'post').required).toEqual(['plan', 'card']);
    expect(bodySchema('/api/v1/subscriptions/{id}', 'put').required ?? []).not.toContain('card');
    for (const body of [{ plan: 'semi-annual' }, { plan: 'semi-annual', card: null }]) {
      const res = await call(t.url, 'POST', '/api/v1/subscriptions', { token: ann.token, body });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(messages.noFundingCard);
    }
  });

  it('the staff date filters take every day `format: date` allows (0247-01-26, 9999-12-31, 0000-01-01)', async () => {
    const days = ['0247-01-26', '9999-12-31', '0000-01-01', '2026-02-28'];
    for (const path of [
      '/api/v1/admin/audit',
      '/api/v1/admin/transactions',
      '/api/v1/admin/exports/transactions.csv',
    ]) {
      for (const name of ['from', 'to']) {
        for (const day of days) {
          expect(documentAccepts(queryParam(path, 'get', name), day), `${path} ${name}=${day}`).toBe(true);
          const res = await call(t.url, 'GET', `${path}?${name}=${day}`, { token: admin.token });
          expect(res.status, `${path}?${name}=${day}: ${res.text.slice(0, 200)}`).toBe(200);
        }
      }
    }
  });

  it('a day that is not one is refused by both: 2026-02-30', async () => {
    expect(documentAccepts(queryParam('/api/v1/admin/audit', 'get', 'from'), '2026-02-30')).toBe(false);
    const res = await call(t.url, 'GET', '/api/v1/admin/audit?from=2026-02-30', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('from must be a date like 2026-01-31');
  });

  it('PUT /cards/{cardId} documents that body.cardId repeats the path, and refuses another', async () => {
    expect(bodySchema('/api/v1/cards/{cardId}', 'put').properties.cardId.description).toContain(
      "The path's cardId",
    );
    const res = await call(t.url, 'PUT', '/api/v1/cards/0b6f6c8e-9d1c-4d0e-9a43-7f5b0d9b2c11', {
      token: ann.token,
      body: {
        cardId: '5d3c1b2a-0f9e-4d8c-8b7a-6e5f4d3c2b1a',
        expirationMonth: 12,
        expirationYear: new Date().getFullYear() + 2,
        address: testAddress,
      },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe('cardId does not match the path');
  });

  it('userId= (empty) is refused by the document and the server alike', async () => {
    for (const path of ['/api/v1/admin/transactions', '/api/v1/admin/exports/transactions.csv']) {
      expect(documentAccepts(queryParam(path, 'get', 'userId'), ''), path).toBe(false);
      expect(documentAccepts(queryParam(path, 'get', 'userId'), 'ann@pria.test'), path).toBe(true);
      const res = await call(t.url, 'GET', `${path}?userId=`, { token: admin.token });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe('userId must be a customer id or an email address');
    }
  });

  it('contact-us email "0" is refused by the document (format email) and the server', async () => {
    const email = bodySchema('/api/v1/support/contact-us', 'post').properties.email;
    expect(email).toMatchObject({ format: 'email', minLength: 1, maxLength: 254 });
    expect(documentAccepts(email, '0')).toBe(false);
    const res = await call(t.url, 'POST', '/api/v1/support/contact-us', {
      freshIp: true,
      body: { email: '0', type: 'Security', message: 'Hello' },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe(messages.invalidEmail);
  });

  it('period=0000-01 (the 500 issue 41 found) is a 400 the document predicts', async () => {
    for (const kind of ['payin', 'payout']) {
      const period = queryParam(`/api/v1/payin-payout/${kind}`, 'post', 'period');
      expect(documentAccepts(period, '0000-01'), kind).toBe(false);
      const res = await call(t.url, 'POST', `/api/v1/payin-payout/${kind}?period=0000-01`, {
        token: admin.token,
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
  });
});
