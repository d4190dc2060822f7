import { readFileSync, writeFileSync } from 'node:fs';
import { errorEnvelope, errorEnvelopeFor, planIds } from '@pria/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaresSuccess } from '../platform/responses.ts';
import type { TestApp } from '../test/harness.ts';
import { type CapturedRoute, call, routeKey, signIn, startAppWithRouteTable } from './fixtures.ts';

/**
 * The API contract (issue 31): every route declares what it answers, the published document
 * (/api/docs/json) is a valid OpenAPI 3.1 document saying it, and every refusal, the framework's
 * own included, comes in the one envelope.
 */

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read loosely
type Doc = any;

let t: TestApp;
let routes: CapturedRoute[];
let doc: Doc;
let token: string;

beforeAll(async () => {
  ({ t, routes } = await startAppWithRouteTable({ TRUST_PROXY: 'true' }));
  doc = (await call(t.url, 'GET', '/api/docs/json')).body;
  token = (await signIn(t, 'ann@pria.test', ['customer'])).token;
}, 60_000);

afterAll(async () => {
  await t?.stop();
});

const op = (path: string, method: string) => doc.paths[path]?.[method];
/** The JSON schema of a query or path parameter. */
const param = (path: string, method: string, name: string) =>
  op(path, method).parameters.find((p: { name: string }) => p.name === name)?.schema;

describe('every route declares its answers', () => {
  it('each /api/v1 route declares a success response', () => {
    const missing = routes
      .filter((r) => r.url.startsWith('/api/v1') && r.method !== 'HEAD' && !declaresSuccess(r.schema))
      .map(
        (r) =>
          `${routeKey(r)} declares no success response. Add to its route schema \`response: respond(dataSchema, { errors: [...] })\` (or respondMessage() when data is null, respondFile([...]) for a PDF/CSV; from apps/server/src/platform/responses.ts), with its data schema in packages/contracts and the errors only it gives (403, 404, 409, ...): 400, 401, 403, 413, 414, 415, 429 and 503 are added from its access rule, path, method and rate limit.`,
      );
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('the document is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents every API operation with its statuses, errors in the envelope', () => {
    let operations = 0;
    for (const [path, ops] of Object.entries<Doc>(doc.paths)) {
      for (const [method, o] of Object.entries<Doc>(ops)) {
        operations++;
        const what = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(o.responses);
        expect(
          statuses.some((s) => /^2\d\d$/.test(s)),
          `${what} documents a success`,
        ).toBe(true);
        if (!path.startsWith('/api/')) continue;
        expect(statuses, `${what} documents bad input`).toContain('400');
        for (const s of statuses.filter((x) => /^[45]\d\d$/.test(x))) {
          expect(o.responses[s].content['application/json'].schema.$ref, `${what} ${s}`).toBe(
            `#/components/schemas/Error${s}`,
          );
        }
        for (const s of statuses)
          expect(o.responses[s].description, `${what} ${s} says what it means`).not.toBe('Default Response');
      }
    }
    expect(operations).toBeGreaterThan(60);
  });

  it('files say their media type: receipts and statements PDF (statements CSV too), every export CSV', () => {
    const media = (path: string) => Object.keys(op(path, 'get').responses['200'].content);
    expect(media('/api/v1/receipts/{id}')).toEqual(['application/pdf']);
    expect(media('/api/v1/statements/{year}')).toEqual(['application/pdf', 'text/csv']);
    const exports = Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/admin/exports/'));
    expect(exports.length).toBeGreaterThanOrEqual(3);
    for (const p of exports) expect(media(p), p).toEqual(['text/csv']);
  });

  it('the real success codes: 201 created, 202 accepted', () => {
    expect(Object.keys(op('/api/v1/cards', 'post').responses)).toContain('201');
    expect(Object.keys(op('/api/v1/admin/staff/invitations', 'post').responses)).toContain('201');
    expect(Object.keys(op('/api/v1/account/passkeys', 'post').responses)).toContain('201');
  });
});

describe('security follows each route’s access rule', () => {
  it('public operations declare none, optional auth says so, permissions are named', () => {
    expect(op('/healthz', 'get').security).toEqual([]);
    expect(op('/readyz', 'get').security).toEqual([]);
    expect(op('/api/v1/support/contact-us', 'post').security).toEqual([]);
    expect(op('/api/v1/support/feedback', 'post').security).toEqual([{}, { bearer: [] }]);
    expect(op('/api/v1/cards', 'get').security).toEqual([{ bearer: [] }]);
    expect(op('/api/v1/admin/staff', 'get').security).toEqual([{ bearer: ['staff:manage'] }]);
    expect(op('/api/v1/admin/staff', 'get')['x-access']).toEqual({
      kind: 'permission',
      permission: 'staff:manage',
      roles: ['admin'],
    });
    expect(doc.security).toBeUndefined();
  });

  it('every operation’s security is the one its registered access rule implies', () => {
    for (const r of routes.filter((x) => x.url.startsWith('/api/v1') && x.method !== 'HEAD')) {
      const path = r.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const o = op(path, r.method.toLowerCase());
      if (!o) continue; // hidden aliases ('/cards/')
      const expected =
        r.access?.kind === 'public'
          ? []
          : r.access?.kind === 'optional'
            ? [{}, { bearer: [] }]
            : r.access?.kind === 'permission'
              ? [{ bearer: [r.access.permission] }]
              : [{ bearer: [] }];
      expect(o.security, routeKey(r)).toEqual(expected);
      if (r.access?.kind !== 'public') expect(Object.keys(o.responses), routeKey(r)).toContain('401');
      if (r.access?.kind === 'permission') expect(Object.keys(o.responses), routeKey(r)).toContain('403');
    }
  });
});

describe('requests are documented as strictly as they are checked', () => {
  it('lists: order asc/desc, limit 10|25|50, page from 1, dates YYYY-MM-DD, periods YYYY-MM', () => {
    expect(param('/api/v1/customers', 'get', 'order').enum).toEqual(['asc', 'desc', 'ASC', 'DESC']);
    expect(param('/api/v1/customers', 'get', 'limit')).toMatchObject({ type: 'integer', enum: [10, 25, 50] });
    expect(param('/api/v1/admin/transactions', 'get', 'page')).toMatchObject({ type: 'integer', minimum: 1 });
    expect(param('/api/v1/admin/transactions', 'get', 'from')).toMatchObject({ format: 'date' });
    expect(param('/api/v1/admin/audit', 'get', 'to')).toMatchObject({ format: 'date' });
    expect(param('/api/v1/admin/exports/reconciliation.csv', 'get', 'period').pattern).toBe(
      '^\\d{4}-(0[1-9]|1[0-2])$',
    );
  });

  it('the client-list filter documents its grammar', () => {
    const filter = op('/api/v1/customers', 'get').parameters.find(
      (p: { name: string }) => p.name === 'filter',
    );
    expect(filter.description).toContain('Base64');
    expect(Object.keys(filter.schema.contentSchema.properties)).toEqual(
      expect.arrayContaining(['email', 'phone', 'deleted', 'subscription']),
    );
  });

  it('statements take 2000 to next year; "me" is a documented customer id', () => {
    expect(param('/api/v1/statements/{year}', 'get', 'year')).toMatchObject({
      type: 'integer',
      minimum: 2000,
      maximum: new Date().getUTCFullYear() + 1,
    });
    expect(param('/api/v1/customers/{id}', 'get', 'id').anyOf).toEqual([
      { type: 'string', enum: ['me'] },
      expect.objectContaining({ format: 'uuid' }),
    ]);
  });

  it('the plan enum is the plans the database holds', async () => {
    const ids = (await t.db.selectFrom('plans').select('id').orderBy('id').execute()).map((p) => p.id);
    expect(ids).toEqual([...planIds].sort());
  });

  it('bodies: invitation email, subscription plan, password rule, the profile fields', () => {
    const body = (path: string, method: string) =>
      op(path, method).requestBody.content['application/json'].schema;
    expect(body('/api/v1/admin/staff/invitations', 'post').properties.email).toMatchObject({
      format: 'email',
    });
    expect(body('/api/v1/subscriptions', 'post').properties.plan.enum).toEqual(['annual', 'semi-annual']);
    expect(body('/api/v1/customers/change-password', 'put').properties.password).toMatchObject({
      minLength: 8,
      maxLength: 128,
    });
    const profile = body('/api/v1/customers/{id}', 'put');
    expect(profile.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'phone', 'address']));
    expect(profile.properties.address.properties.administrativeArea.anyOf[1].enum).toContain('NY');
    expect(
      body('/api/v1/cards/{cardId}', 'put').properties.address.properties.administrativeArea.enum,
    ).toContain('NY');
  });
});

describe('one envelope for every refusal, the framework’s own included', () => {
  /** The answer is the envelope for its status, with the code a client can branch on. */
  function expectEnvelope(
    res: { status: number; body: unknown; text: string },
    status: number,
    code: string,
  ) {
    expect(res.status, res.text).toBe(status);
    expect(errorEnvelope.safeParse(res.body).success, res.text).toBe(true);
    expect(res.body).toMatchObject({ httpCode: status, data: null, code });
    expect(errorEnvelopeFor(status).safeParse(res.body).success, res.text).toBe(true);
  }

  it('404 for an unknown API route', async () => {
    expectEnvelope(await call(t.url, 'GET', '/api/v1/nothing-here', { token }), 404, 'NOT_FOUND');
  });

  it('405 with Allow for a path that exists with other methods (OPTIONS: 204 with Allow)', async () => {
    const res = await fetch(`${t.url}/api/v1/plans`, { method: 'DELETE' });
    const body = await res.json();
    expectEnvelope({ status: res.status, body, text: JSON.stringify(body) }, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    const patch = await fetch(`${t.url}/api/v1/cards/00000000-0000-4000-8000-000000000000`, {
      method: 'PATCH',
    });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('DELETE, PUT');
    const options = await fetch(`${t.url}/api/v1/plans`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD');
  });

  it('414 for a path parameter over 100 characters and for a URL over 8 KiB; 431 past 16 KiB', async () => {
    expectEnvelope(
      await call(t.url, 'GET', `/api/v1/customers/${'a'.repeat(101)}`, { token }),
      414,
      'URI_TOO_LONG',
    );
    expectEnvelope(
      await call(t.url, 'GET', `/api/v1/plans?q=${'a'.repeat(9000)}`, { token }),
      414,
      'URI_TOO_LONG',
    );
    expectEnvelope(
      await call(t.url, 'GET', `/api/v1/plans?q=${'a'.repeat(20_000)}`, { token }),
      431,
      'HEADERS_TOO_LARGE',
    );
  });

  it('413 for a body over 256 KB', async () => {
    const res = await call(t.url, 'POST', '/api/v1/support', {
      token,
      body: { message: 'x'.repeat(300_000) },
    });
    expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('415 for a body that is not JSON', async () => {
    const res = await call(t.url, 'POST', '/api/v1/support', {
      token,
      raw: 'type=x',
      contentType: 'text/plain',
    });
    expectEnvelope(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const form = await call(t.url, 'POST', '/api/v1/support', {
      token,
      raw: 'type=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expectEnvelope(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('400 for malformed JSON and for a malformed URL', async () => {
    const res = await call(t.url, 'POST', '/api/v1/support', {
      token,
      raw: '{"type":',
      contentType: 'application/json',
    });
    expectEnvelope(res, 400, 'VALIDATION');
    expectEnvelope(await call(t.url, 'GET', '/api/v1/customers/%E0%A4%A', { token }), 400, 'VALIDATION');
  });

  it('429 once a rate limit is spent, with Retry-After', async () => {
    const body = { email: 'someone@example.com', type: 'General', message: 'Hello' };
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' };
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await fetch(`${t.url}/api/v1/support/contact-us`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
    }
    const answer = await last?.json();
    expectEnvelope(
      { status: last?.status ?? 0, body: answer, text: JSON.stringify(answer) },
      429,
      'RATE_LIMITED',
    );
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('401 and 403 are the envelope too', async () => {
    expectEnvelope(await call(t.url, 'GET', '/api/v1/cards'), 401, 'UNAUTHORIZED');
    expectEnvelope(await call(t.url, 'GET', '/api/v1/admin/staff', { token }), 403, 'FORBIDDEN');
  });
});

describe('/api/docs renders the document', () => {
  it('serves the UI and the JSON it reads', async () => {
    const page = await fetch(`${t.url}/api/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('swagger-ui');
    expect(doc.info.description).toContain('openapi-typescript');
  });
});

/**
 * The web app's client is typed from this document (ADR 66): the committed types are what
 * openapi-typescript makes of it, so a renamed field or a changed answer breaks the web build.
 * `npm run api:types` rewrites them.
 */
describe('the web client is typed from this document', () => {
  const typesFile = new URL('../../../web/src/app/pria-api.d.ts', import.meta.url);
  const header =
    "// Generated by `npm run api:types` from the server's OpenAPI document (/api/docs/json). Do not edit.\n";

  it('apps/web/src/app/pria-api.d.ts is what the document generates', async () => {
    const generated = header + astToString(await openapiTS(structuredClone(doc), { alphabetize: true }));
    if (process.env.WRITE_API_TYPES === '1') writeFileSync(typesFile, generated);
    const committed = readFileSync(typesFile, 'utf8');
    expect(committed === generated, 'the web client types are stale: run `npm run api:types`').toBe(true);
  });
});
