import http from 'node:http';
import { errorEnvelopeFor } from '@pria/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeError } from '../platform/framework-errors.ts';
import type { TestApp } from '../test/harness.ts';
import { type CapturedRoute, signIn, startAppWithRouteTable } from './fixtures.ts';
import { asParam, type JsonSchema, validArb } from './openapi-arbitraries.ts';

/**
 * Every answer the HTTP shell gives is in the document, for the operation asked (issue 41). Each
 * /api operation of /api/docs/json is sent every refusal the framework makes before its handler
 * runs, by a caller allowed to call it, and each answer must be the status expected, a status the
 * operation documents, and a body matching that status's documented schema. Every path is also
 * asked every method it does not have: 405 with the `Allow` the document implies.
 */

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read loosely
type Doc = any;

let t: TestApp;
let routes: CapturedRoute[];
let doc: Doc;
let customer: string;
let admin: string;
const ajv = new Ajv2020({ strict: false });
ajv.addFormat('binary', true);

beforeAll(async () => {
  ({ t, routes } = await startAppWithRouteTable({ TRUST_PROXY: 'true' }));
  doc = await (await fetch(`${t.url}/api/docs/json`)).json();
  customer = (await signIn(t, 'ann@pria.test', ['customer'])).token;
  admin = (await signIn(t, 'admin@pria.test', ['admin'])).token;
  // Both callers' customer rows exist before the walk (a first call creates them).
  for (const token of [customer, admin])
    await fetch(`${t.url}/api/v1/customers/me`, { headers: { authorization: `Bearer ${token}` } });
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Real HTTP with any method (fetch refuses TRACE) and any header size (the 431 is Node's). */
function send(
  method: string,
  path: string,
  o: { token?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    'x-forwarded-for': `10.41.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    ...o.headers,
  };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body !== undefined) headers['content-length'] = String(Buffer.byteLength(o.body));
  return new Promise((resolve, reject) => {
    const req = http.request(`${t.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

interface Operation {
  key: string;
  method: string;
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: an OpenAPI operation object
  op: any;
}

const apiOperations = (): Operation[] =>
  Object.entries<Doc>(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, ops]) =>
      Object.entries<Doc>(ops).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method,
        path,
        op,
      })),
    );

/** The operation's path with each parameter given a value its schema accepts. */
function concretePath(o: Operation): string {
  let url = o.path;
  for (const p of (o.op.parameters ?? []).filter((x: { in: string }) => x.in === 'path')) {
    const [value] = fc.sample(validArb(p.schema, { pool: [], invalidRate: 0 }), { numRuns: 1, seed: 41 });
    url = url.replace(`{${p.name}}`, encodeURIComponent(asParam(value) ?? ''));
  }
  return url;
}

/** A caller the operation lets through its access check, so refusals past it are reached. */
function callerOf(o: Operation): string | undefined {
  const security: Record<string, string[]>[] = o.op.security ?? [];
  if (security.length === 0 || security.some((s) => Object.keys(s).length === 0)) return undefined;
  return security.some((s) => (s.bearer ?? []).length > 0) ? admin : customer;
}

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** The answer is `status`, documented for the operation, its body that status's schema. */
function expectDocumented(o: Operation, res: Answer, status: number, what: string) {
  const where = `${o.key}, ${what}: ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, where).toBe(status);
  const documented = o.op.responses[String(status)];
  expect(documented, `${status} is documented for ${o.key} (${what})`).toBeDefined();
  const schema: JsonSchema = documented.content['application/json'].schema;
  const validate = ajv.compile({ ...schema, components: doc.components });
  expect(validate(JSON.parse(res.text)), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

/** The counted refusals below would spend the few calls a rate limit allows: forgotten before each. */
const forgetRateLimits = () => sql`delete from rate_limits`.execute(t.db);

/** Each refusal the shell makes before a handler runs, with the status it must be. */
const refusals: {
  what: string;
  status: number;
  applies?: (o: Operation) => boolean;
  send: (o: Operation, path: string, token: string | undefined) => Promise<Answer>;
  says?: string;
}[] = [
  {
    what: 'an over-long URL (query over 8 KiB)',
    status: 414,
    send: (o, path, token) => send(o.method, `${path}?pad=${'x'.repeat(9000)}`, { token }),
  },
  {
    what: 'an over-long header list (over 16 KiB)',
    status: 431,
    send: (o, path, token) => send(o.method, path, { token, headers: { 'x-pad': 'x'.repeat(20_000) } }),
  },
  {
    what: 'no token where one is required',
    status: 401,
    applies: (o) => callerOf(o) !== undefined,
    send: (o, path) => send(o.method, path),
  },
  {
    what: 'a body that is not JSON',
    status: 415,
    send: (o, path, token) =>
      send(o.method, path, { token, headers: { 'content-type': 'text/plain' }, body: 'type=x' }),
  },
  {
    what: 'a body over 256 KB',
    status: 413,
    applies: (o) => BODY_METHODS.has(o.method),
    send: (o, path, token) =>
      send(o.method, path, {
        token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pad: 'x'.repeat(300_000) }),
      }),
  },
  {
    what: 'malformed JSON',
    status: 400,
    applies: (o) => BODY_METHODS.has(o.method),
    send: (o, path, token) =>
      send(o.method, path, { token, headers: { 'content-type': 'application/json' }, body: '{"type":' }),
  },
  {
    what: 'an unknown query parameter',
    status: 400,
    says: 'Unknown query parameter: bogusParameter',
    applies: (o) => !o.op.requestBody?.required,
    send: (o, path, token) => send(o.method, `${path}?bogusParameter=1`, { token }),
  },
  {
    what: 'an unknown body property',
    status: 400,
    says: 'Unknown property: bogusProperty',
    applies: (o) => BODY_METHODS.has(o.method),
    send: (o, path, token) =>
      send(o.method, path, {
        token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bogusProperty: 1 }),
      }),
  },
];

describe('every operation × every refusal of the shell, as the document says', () => {
  it('documents, for every /api operation, each status the shell can answer it with', () => {
    const shared = ['400', '408', '414', '415', '431', '503'];
    for (const o of apiOperations()) {
      const statuses = Object.keys(o.op.responses);
      expect(statuses, o.key).toEqual(expect.arrayContaining(shared));
      if (BODY_METHODS.has(o.method)) expect(statuses, o.key).toContain('413');
    }
  });

  for (const refusal of refusals) {
    it(`answers ${refusal.what} with ${refusal.status}, documented for every operation`, async () => {
      const operations = apiOperations().filter((o) => refusal.applies?.(o) ?? true);
      expect(operations.length).toBeGreaterThan(20);
      for (const o of operations) {
        await forgetRateLimits();
        const res = await refusal.send(o, concretePath(o), callerOf(o));
        expectDocumented(o, res, refusal.status, refusal.what);
        if (refusal.says) expect(JSON.parse(res.text).error, o.key).toContain(refusal.says);
      }
    });
  }

  it('an unknown query parameter is refused by every operation whose body is checked first, too', () => {
    // Fastify checks the body before the query and answers the first failure: for an operation
    // whose body is required, the walk above meets the body's refusal. The query schema the
    // validator runs for it (as registered) refuses the parameter all the same.
    const required = apiOperations().filter((o) => o.op.requestBody?.required);
    expect(required.length).toBeGreaterThan(10);
    for (const o of required) {
      const route = routes.find(
        (r) => r.method === o.method.toUpperCase() && r.url.replace(/:(\w+)/g, '{$1}') === o.path,
      );
      const query = route?.querystring as {
        safeParse(v: unknown): { error?: { issues: { code: string }[] } };
      };
      expect(
        query?.safeParse({ bogusParameter: '1' }).error?.issues.map((i) => i.code),
        o.key,
      ).toEqual(['unrecognized_keys']);
    }
  });

  it('408 (a request slower than the server waits) is the envelope the document names', () => {
    // Node answers it after its 60 s header timeout, too slow to wait for here: the handler that
    // writes it is exercised with a stand-in socket in framework-errors.test.ts; here, that the
    // document names the envelope it writes.
    const schema = { ...doc.components.schemas.Error408, components: doc.components };
    expect(ajv.validate(schema, envelopeError(408, 'REQUEST_TIMEOUT', 'The request took too long'))).toBe(
      true,
    );
    expect(ajv.validate(schema, envelopeError(408, 'VALIDATION', 'The request took too long'))).toBe(false);
  });
});

describe('methods: a path answers only its own, OPTIONS lists them', () => {
  const ASKED = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY', 'TRACE', 'PROPFIND'];

  it('every other method is 405 with the Allow the document implies, in the documented envelope', async () => {
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/'));
    let asked = 0;
    for (const path of paths) {
      const documented = Object.keys(doc.paths[path]).map((m) => m.toUpperCase());
      const allow = [...documented, ...(documented.includes('GET') ? ['HEAD'] : [])].sort().join(', ');
      const first = apiOperations().find((o) => o.path === path) as Operation;
      const concrete = concretePath(first);
      for (const method of ASKED.filter((m) => !allow.split(', ').includes(m))) {
        const res = await send(method, concrete, { token: admin });
        asked++;
        expect(res.status, `${method} ${concrete}: ${res.text}`).toBe(405);
        expect(res.headers.allow, `${method} ${concrete}`).toBe(allow);
        if (method === 'HEAD') continue;
        const body = JSON.parse(res.text);
        expect(errorEnvelopeFor(405).safeParse(body).success, res.text).toBe(true);
        expect(ajv.validate({ ...doc.components.schemas.Error405, components: doc.components }, body)).toBe(
          true,
        );
      }
      const options = await send('OPTIONS', concrete);
      expect(options.status, `OPTIONS ${concrete}`).toBe(204);
      expect(options.headers.allow, `OPTIONS ${concrete}`).toBe(allow);
    }
    expect(asked).toBeGreaterThan(paths.length * 4);
  });

  it('QUERY is 405 like any other method the path lacks, not a 400 about its Content-Type', async () => {
    const res = await send('QUERY', '/api/v1/account/session', { token: customer });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(res.text)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    expect((await send('QUERY', '/api/v1/no-such-thing')).status).toBe(404);
  });

  it('OPTIONS lists only the path’s own methods, never a parametric sibling’s', async () => {
    expect((await send('OPTIONS', '/api/v1/cards/public-key')).headers.allow).toBe('GET, HEAD');
    expect((await send('OPTIONS', '/api/v1/subscriptions/me')).headers.allow).toBe('GET, HEAD');
    expect((await send('OPTIONS', '/api/v1/cards/0b6f6c8e-9d1c-4d0e-9a43-7f5b0d9b2c11')).headers.allow).toBe(
      'DELETE, PUT',
    );
  });

  it('PUT /customers/notification reaches its own resource (405), not /customers/{id}', async () => {
    const res = await send('PUT', '/api/v1/customers/notification', {
      token: customer,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ann' }),
    });
    expect(res.status, res.text).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    // The operation a client would have read this as documents the 405.
    expect(Object.keys(doc.paths['/api/v1/customers/{id}'].put.responses)).toContain('405');
  });

  it('GET /customers/change-password reaches its own resource (405), not /customers/{id}', async () => {
    const res = await send('GET', '/api/v1/customers/change-password', { token: customer });
    expect(res.status, res.text).toBe(405);
    expect(res.headers.allow).toBe('PUT');
    expect(Object.keys(doc.paths['/api/v1/customers/{id}'].get.responses)).toContain('405');
  });

  it('DELETE /cards/public-key is 405, not a card id refused', async () => {
    const res = await send('DELETE', '/api/v1/cards/public-key', { token: customer });
    expect(res.status, res.text).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('a method refused 405 is refused before the caller is asked for a token', async () => {
    const res = await send('PATCH', '/api/v1/plans');
    expect(res.status).toBe(405);
  });

  it('the parametric routes still answer their own values (GET /customers/me)', async () => {
    const res = await send('GET', '/api/v1/customers/me', { token: customer });
    expect(res.status, res.text).toBe(200);
  });
});
