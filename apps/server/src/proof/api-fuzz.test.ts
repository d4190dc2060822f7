import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { type Permission, rolePermissions } from '@pria/contracts';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/harness.ts';
import {
  type Caller,
  type CustomerIds,
  customerWithData,
  newCardBody,
  signIn,
  startAppWithRouteTable,
} from './fixtures.ts';
import { anyJson, asParam, type JsonSchema, valueArb } from './openapi-arbitraries.ts';

/**
 * A schema-driven fuzzer over the published document (/api/docs/json): for every operation,
 * fast-check draws requests from the document's own parameter and body schemas (mostly valid,
 * some refused, ids drawn from real rows of two customers and the staff), sends them as an
 * anonymous caller, a customer (with the other customer's ids too), a support agent and an admin,
 * and checks each answer:
 * - never a 5xx;
 * - its status is one the operation documents, and its body matches that status's schema
 *   (JSON by the document's schema, files by their media type);
 * - no 2xx without the documented auth (a token; the named permission), and a customer's 2xx
 *   carries none of the other customer's ids;
 * - a request answered with anything but 2xx changed no row (every table journals its row
 *   writes while the fuzzer runs; the journal must not grow across such a request).
 * Seeded and bounded: FUZZ_SEED, FUZZ_RUNS (requests per operation) reproduce or widen a run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/**
 * Writes a refusal makes on purpose, with why. Anything else a non-2xx request writes fails the
 * run.
 */
const intendedRefusalWrites: Record<string, string> = {
  // A wrong account-deletion code counts an attempt (5 wrong tries end the code): the refusal is
  // the write.
  'public.account_deletion_codes': 'a wrong deletion code counts a try',
  // A rate limit counts every call to its route, refused or not (ADR 53); the fuzzer also
  // forgets the counts after a 429 (send).
  'public.rate_limits': 'a rate limit counts the call',
};

interface Operation {
  key: string;
  method: string;
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: an OpenAPI operation object
  op: any;
}

interface FuzzCaller {
  name: 'anonymous' | 'customer' | 'support' | 'admin';
  token?: string;
  permissions: readonly Permission[];
}

interface Built {
  path: string;
  query: string;
  body: unknown;
  headers: Record<string, string>;
}

let t: TestApp;
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read loosely
let doc: any;
let a: Caller & { ids: CustomerIds };
let b: Caller & { ids: CustomerIds };
let callers: FuzzCaller[];
let pool: string[];
let validCard: Record<string, unknown>;
const ajv = new Ajv2020({ strict: false, allErrors: false });
// ajv-formats is CommonJS: its function is the default export's default.
const addFormats = (formats as unknown as { default: typeof formats }).default ?? formats;
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addFormat('binary', true);
const validators = new Map<string, ValidateFunction>();
/** Forced runs' drains, run by the fuzzer between requests. */
const drains: (() => Promise<void>)[] = [];
/** FUZZ_ONLY=text: only the operations whose "METHOD /path" contains it (to reproduce one). */
const ONLY = process.env.FUZZ_ONLY;
const tally = { requests: 0, byStatus: new Map<number, number>(), refusalsChecked: 0, drainMs: 0 };

beforeAll(async () => {
  ({ t } = await startAppWithRouteTable(
    { TRUST_PROXY: 'true' },
    { deferDrain: (drain) => drains.push(drain) },
  ));
  doc = await (await fetch(`${t.url}/api/docs/json`)).json();
  a = await customerWithData(t, 'ann@pria.test');
  b = await customerWithData(t, 'bob@pria.test');
  const support = await signIn(t, 'support@pria.test', ['support']);
  const admin = await signIn(t, 'admin@pria.test', ['admin']);
  validCard = await newCardBody(t.url, a);
  callers = [
    { name: 'anonymous', permissions: [] },
    { name: 'customer', token: a.token, permissions: rolePermissions.customer },
    { name: 'support', token: support.token, permissions: rolePermissions.support },
    { name: 'admin', token: admin.token, permissions: rolePermissions.admin },
  ];
  // Every signed-in caller's customer row exists before the run (a first call creates it).
  for (const c of callers.filter((x) => x.token)) {
    await fetch(`${t.url}/api/v1/customers/me`, { headers: { authorization: `Bearer ${c.token}` } });
  }
  const staffIds = (
    await t.db
      .selectFrom('idp_users')
      .select('id')
      .where('email', 'in', [support.email, admin.email])
      .execute()
  ).map((u) => `auth|${u.id}`);
  pool = [...Object.values(a.ids), ...Object.values(b.ids), ...staffIds].filter((v) => typeof v === 'string');
  await installWriteJournal();
}, 180_000);

afterAll(async () => {
  await drainForcedRuns();
  await t?.stop();
});

/**
 * The database's fingerprint as a journal of row hashes: a row-level trigger on every table
 * records, in the writing transaction, -hash(old row) and +hash(new row) for each row written
 * (a rolled-back write leaves nothing). The rows a request changed are the hashes whose signs do
 * not cancel out since it started: a row inserted then deleted, or updated to what it was,
 * changed nothing.
 */
async function installWriteJournal() {
  await sql`create table fuzz_writes (id bigserial primary key, tbl text not null, row_hash text not null, sign int not null)`.execute(
    t.db,
  );
  await sql`
    create function fuzz_journal() returns trigger language plpgsql
    -- The app writes as the runtime role (issue 30), which may not touch this test's own table:
    -- the journal writes as its owner, as an audit trigger does.
    security definer set search_path = public as $$
    declare tbl text := tg_table_schema || '.' || tg_table_name;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        insert into public.fuzz_writes (tbl, row_hash, sign) values (tbl, md5(old::text), -1);
      end if;
      if tg_op in ('UPDATE', 'INSERT') then
        insert into public.fuzz_writes (tbl, row_hash, sign) values (tbl, md5(new::text), 1);
      end if;
      return null;
    end $$`.execute(t.db);
  const tables = await sql<{ schema: string; name: string }>`
    select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ('public', 'gateway_sim') and c.relname <> 'fuzz_writes'
      and not c.relispartition`.execute(t.db);
  for (const { schema, name } of tables.rows) {
    await sql
      .raw(
        `create trigger fuzz_journal after insert or update or delete on "${schema}"."${name}" for each row execute function public.fuzz_journal()`,
      )
      .execute(t.db);
  }
}

/** The processor holds no live instrument that is not one of our cards. */
async function noLiveOrphanInstrument(): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from gateway_sim.instruments i
    where i.deleted_at is null and not exists (select 1 from cards c where c.instrument_id = i.id)`.execute(
    t.db,
  );
  return rows[0]?.n === 0;
}

const lastWrite = async () =>
  Number(
    (await sql<{ id: string | null }>`select max(id) as id from fuzz_writes`.execute(t.db)).rows[0]?.id ?? 0,
  );
/** The tables whose rows changed since journal entry `id` (hashes that do not cancel out). */
const changedSince = async (id: number) =>
  (
    await sql<{ tbl: string; rows: string }>`
      select tbl, count(*) as rows from (
        select tbl, row_hash from fuzz_writes where id > ${id} group by tbl, row_hash having sum(sign) <> 0
      ) changed group by tbl order by tbl`.execute(t.db)
  ).rows.map((r) => ({ table: r.tbl, rows: Number(r.rows) }));

/** A forced run's money moves here, between requests, so its rows are no request's. */
async function drainForcedRuns() {
  while (drains.length) {
    const drain = drains.shift() as () => Promise<void>;
    const started = Date.now();
    await drain();
    tally.drainMs += Date.now() - started;
  }
}

/** Every operation of the document, removals and staff management last (they take rows away). */
function operations(): Operation[] {
  const all: Operation[] = [];
  for (const [path, ops] of Object.entries<Record<string, unknown>>(doc.paths)) {
    for (const [method, op] of Object.entries(ops))
      all.push({ key: `${method.toUpperCase()} ${path}`, method, path, op });
  }
  const late = (o: Operation) =>
    Number(o.method === 'delete') + 2 * Number(o.path.startsWith('/api/v1/admin/staff'));
  return all.filter((o) => !ONLY || o.key.includes(ONLY)).sort((x, y) => late(x) - late(y));
}

/**
 * What a request is drawn from: the operation's parameters and body, as documented; `invalidRate`
 * of the values replaced by ones the document refuses (none for the probes below).
 */
function requestArb(o: Operation, invalidRate = 0.15): fc.Arbitrary<Built> {
  const opts = { pool, invalidRate };
  // biome-ignore lint/suspicious/noExplicitAny: OpenAPI parameter objects
  const params: any[] = o.op.parameters ?? [];
  const inPath = params.filter((p) => p.in === 'path');
  const inQuery = params.filter((p) => p.in === 'query');
  const inHeader = params.filter((p) => p.in === 'header');
  const bodySchema: JsonSchema | undefined = o.op.requestBody?.content?.['application/json']?.schema;
  const optional = (p: { required?: boolean; schema: JsonSchema }) =>
    p.required ? valueArb(p.schema, opts) : fc.option(valueArb(p.schema, opts), { nil: undefined, freq: 2 });
  let body: fc.Arbitrary<unknown> = bodySchema
    ? fc.oneof({ weight: 9, arbitrary: valueArb(bodySchema, opts) }, { weight: 1, arbitrary: anyJson })
    : fc.constant(undefined);
  if (o.key === 'POST /api/v1/cards') {
    // A card number only the browser can encrypt: a real one now and then, so adding succeeds too.
    body = fc.oneof({ weight: 3, arbitrary: body }, { weight: 1, arbitrary: fc.constant(validCard) });
  }
  if (o.key === 'PUT /api/v1/customers/change-password') {
    // A valid new password would sign the fuzzing customer out everywhere: only refusals here
    // (the password change itself is tested in account.test.ts).
    body = fc.record({
      password: fc.string({ maxLength: 7 }),
      confirmPassword: fc.option(fc.string(), { nil: undefined }),
    });
  }
  return fc
    .record({
      path: fc.tuple(...inPath.map((p) => valueArb(p.schema, opts))),
      query: fc.tuple(...inQuery.map(optional)),
      headers: fc.tuple(...inHeader.map(optional)),
      body,
    })
    .map(({ path, query, headers, body }) => {
      let url = o.path;
      inPath.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, encodeURIComponent(asParam(path[i]) ?? ''));
      });
      const search = new URLSearchParams();
      inQuery.forEach((p, i) => {
        const v = asParam(query[i]);
        if (v !== undefined) search.set(p.name, v);
      });
      const h: Record<string, string> = {};
      inHeader.forEach((p, i) => {
        const v = asParam(headers[i]);
        if (v !== undefined) h[p.name] = v;
      });
      return { path: url, query: search.toString(), body, headers: h };
    });
}

interface Answer {
  status: number;
  type: string;
  text: string;
  allow: string | undefined;
}

/** Real HTTP with any method (fetch refuses TRACE) and any header size (the 431 is Node's). */
function request(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      // A request that never answers is a finding too, not a hung run.
      {
        method,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'] ?? '',
            text: Buffer.concat(chunks).toString('utf8'),
            allow: res.headers.allow,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in 15 s: ${method} ${url.slice(0, 200)}`)));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function send(
  o: Operation,
  req: Built,
  caller: FuzzCaller,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    ...req.headers,
    ...opts.headers,
    'x-forwarded-for': `10.${randomBytes(3).join('.')}`,
  };
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  let body: string | undefined;
  if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  const url = `${t.url}${req.path}${req.query ? `?${req.query}` : ''}`;
  const go = () => request(opts.method ?? o.method.toUpperCase(), url, headers, body);
  let res = await go();
  if (res.status === 429) {
    // Limits per account (ADR 53) would answer most of an operation's requests with 429 (a fresh
    // address per request only escapes the per-address ones): forgotten, by the owner's hands,
    // and the request sent again, so the operation itself is what gets fuzzed.
    await sql`delete from rate_limits`.execute(t.db);
    res = await go();
  }
  return res;
}

function validatorFor(o: Operation, status: string, schema: JsonSchema): ValidateFunction {
  const key = `${o.key} ${status}`;
  let v = validators.get(key);
  if (!v) {
    // The response schema with the document's components beside it, so its $refs resolve.
    v = ajv.compile({ ...schema, components: doc.components });
    validators.set(key, v);
  }
  return v;
}

/** Each check's cases and failures over the run (the summary in docs/security.md). */
const checks = new Map<string, { cases: number; failures: number }>();

/** One check of one answer: counted, and a failure ends the operation's run with its reason. */
function verify(check: string, ok: boolean, what: string) {
  const tally = checks.get(check) ?? { cases: 0, failures: 0 };
  tally.cases++;
  if (!ok) tally.failures++;
  checks.set(check, tally);
  if (!ok) throw new Error(`${check}. ${what}`);
}

/** The answer is one the operation documents: its status, and its body that status's schema. */
function checkDocumented(o: Operation, res: Answer, what: string) {
  verify('no 5xx', res.status < 500, what);
  const documented = o.op.responses[String(res.status)];
  verify('status documented for the operation', documented !== undefined, what);
  const content: Record<string, { schema?: JsonSchema }> = documented.content ?? {};
  const mediaTypes = Object.keys(content);
  if (mediaTypes.length === 0) {
    verify('body as documented', res.text === '', `no body for ${res.status}. ${what}`);
  } else if (mediaTypes.includes('application/json')) {
    const validate = validatorFor(o, String(res.status), content['application/json']?.schema ?? {});
    const json = /^application\/json/.test(res.type);
    verify(
      'body as documented',
      json && validate(JSON.parse(res.text)),
      `${json ? ajv.errorsText(validate.errors) : `not JSON: ${res.type}`}. ${what}`,
    );
  } else {
    verify(
      'body as documented',
      mediaTypes.some((m) => res.type.startsWith(m)),
      `media type ${res.type} is one of ${mediaTypes.join(', ')}. ${what}`,
    );
  }
}

/** The checks every answer to a documented request must pass. */
function checkAnswer(o: Operation, caller: FuzzCaller, req: Built, res: Answer) {
  const what = describeRequest(o.method, caller, req, res);
  checkDocumented(o, res, what);
  const ok = res.status >= 200 && res.status < 300;
  const security: Record<string, string[]>[] = o.op.security ?? [];
  const anonymousAllowed = security.length === 0 || security.some((s) => Object.keys(s).length === 0);
  if (!caller.token && !anonymousAllowed) verify('a token is required', !ok, what);
  const needed = security.flatMap((s) => s.bearer ?? []) as Permission[];
  if (needed.length > 0 && !needed.every((p) => caller.permissions.includes(p))) {
    verify('the named permission is required', !ok, `${needed.join(', ')} is required. ${what}`);
  }
  if (ok && caller.name === 'customer') {
    const leaked = Object.values(b.ids).filter((id) => res.text.includes(id));
    verify(
      "no other customer's ids",
      leaked.length === 0,
      `${leaked.join(', ')} reached the customer. ${what}`,
    );
  }
}

const describeRequest = (method: string, caller: FuzzCaller, req: Built, res: Answer) =>
  `${caller.name}: ${method.toUpperCase()} ${req.path}?${req.query.slice(0, 300)} ${JSON.stringify(req.body)?.slice(0, 300)} -> ${res.status} ${res.text.slice(0, 400)}`;

/**
 * What each request of an operation is: as the document draws it (mostly), or one of the probes
 * of what lies outside the document: a query parameter or a body property it does not name,
 * a method its path does not have, a URL over 8 KiB, headers over 16 KiB (issue 41). A probe's
 * request is otherwise valid by the document, so the probe is what it is answered for.
 */
const probes = [
  'unknown query parameter',
  'unknown body property',
  'another method',
  'over-long URL',
  'over-long headers',
] as const;
type Probe = 'as documented' | (typeof probes)[number];

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY', 'TRACE'];

/** The methods a path's documented operations imply (HEAD with GET): its `Allow`. */
function allowOf(path: string): string[] {
  const documented = Object.keys(doc.paths[path]).map((m) => m.toUpperCase());
  return [...documented, ...(documented.includes('GET') ? ['HEAD'] : [])].sort();
}

function probesOf(o: Operation): Probe[] {
  return probes.filter(
    (p) =>
      (p !== 'unknown body property' || BODY_METHODS.has(o.method)) &&
      (p !== 'another method' || METHODS.some((m) => !allowOf(o.path).includes(m))),
  );
}

/** A name no operation has, different each time. */
const unknownName = fc.stringMatching(/^[a-z]{3,8}$/).map((n) => `bogus_${n}`);

/** One probe: the request changed as it says, sent, and its answer checked. */
async function probe(
  o: Operation,
  kind: Probe,
  req: Built,
  caller: FuzzCaller,
  name: string,
  method: string,
) {
  switch (kind) {
    case 'unknown query parameter': {
      const sent = { ...req, query: [req.query, `${name}=1`].filter(Boolean).join('&') };
      const res = await send(o, sent, caller);
      checkAnswer(o, caller, sent, res);
      // Refused before any handler: 400 naming it, or the caller's own 401/403 first.
      verify(
        'unknown query parameter refused',
        [400, 401, 403].includes(res.status),
        describeRequest(o.method, caller, sent, res),
      );
      return res;
    }
    case 'unknown body property': {
      const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
      const sent = { ...req, body: { ...body, [name]: 1 } };
      const res = await send(o, sent, caller);
      checkAnswer(o, caller, sent, res);
      const named =
        res.status === 400 && (JSON.parse(res.text).error as string[]).some((e) => e.includes(name));
      verify(
        'unknown body property refused, named',
        named || [401, 403].includes(res.status),
        describeRequest(o.method, caller, sent, res),
      );
      return res;
    }
    case 'another method': {
      // Without a body: the method is the question.
      const res = await send(o, { ...req, body: undefined }, caller, { method });
      const allow = allowOf(o.path).join(', ');
      const what = describeRequest(method, caller, req, res);
      const envelope =
        method === 'HEAD' ||
        ajv.validate(
          { ...doc.components.schemas.Error405, components: doc.components },
          JSON.parse(res.text || 'null'),
        );
      verify(
        'another method is 405 with the Allow the document implies',
        res.status === 405 && res.allow === allow && envelope,
        `Allow: ${res.allow}, expected ${allow}. ${what}`,
      );
      return res;
    }
    case 'over-long URL': {
      const sent = { ...req, query: [req.query, `pad=${'x'.repeat(9000)}`].filter(Boolean).join('&') };
      const res = await send(o, sent, caller);
      checkDocumented(o, res, describeRequest(o.method, caller, sent, res));
      verify('over-long URL is 414', res.status === 414, describeRequest(o.method, caller, sent, res));
      return res;
    }
    case 'over-long headers': {
      const res = await send(o, req, caller, { headers: { 'x-pad': 'x'.repeat(20_000) } });
      checkDocumented(o, res, describeRequest(o.method, caller, req, res));
      verify('over-long headers are 431', res.status === 431, describeRequest(o.method, caller, req, res));
      return res;
    }
    default:
      throw new Error(`not a probe: ${kind}`);
  }
}

/** Each operation's own seed, from FUZZ_SEED and its name: FUZZ_ONLY replays exactly its requests. */
function seedOf(o: Operation): number {
  let h = SEED;
  for (const c of o.key) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

interface Drawn {
  kind: Probe;
  req: Built;
  caller: FuzzCaller;
  /** For the probes: the unknown name, the other method. */
  name: string;
  method: string;
}

/** An operation's requests: as documented, or (one in four) a probe of a valid request. */
function drawnArb(o: Operation): fc.Arbitrary<Drawn> {
  const callerArb = fc.constantFrom(...callers);
  const others = METHODS.filter((m) => !allowOf(o.path).includes(m));
  const documented = fc.record({
    kind: fc.constant<Probe>('as documented'),
    req: requestArb(o),
    caller: callerArb,
    name: fc.constant(''),
    method: fc.constant(''),
  });
  const kinds = probesOf(o);
  if (kinds.length === 0) return documented;
  const probed = fc.record({
    kind: fc.constantFrom<Probe>(...kinds),
    req: requestArb(o, 0),
    caller: callerArb,
    name: unknownName,
    method: others.length ? fc.constantFrom(...others) : fc.constant(''),
  });
  return fc.oneof({ weight: 3, arbitrary: documented }, { weight: 1, arbitrary: probed });
}

/** One request: sent, its answer checked, and a refusal's writes looked for. */
async function fuzzOnce(o: Operation, drawn: Drawn) {
  const { kind, req, caller } = drawn;
  if (process.env.FUZZ_TRACE === '2')
    console.error(`  ${caller.name} ${kind} ${req.path}?${req.query.slice(0, 200)}`);
  await drainForcedRuns();
  const before = await lastWrite();
  let res: Answer;
  if (kind === 'as documented') {
    res = await send(o, req, caller);
    checkAnswer(o, caller, req, res);
  } else {
    res = await probe(o, kind, req, caller, drawn.name, drawn.method);
  }
  tally.requests++;
  tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
  if (res.status >= 200 && res.status < 300) return;
  const changed = await changedSince(before);
  // A card refused after the processor verified it (the same number registered twice: only the
  // processor can tell, ADR 68's addendum) leaves there only an instrument deleted again.
  const undone =
    changed.some((w) => w.table === 'gateway_sim.instruments') && (await noLiveOrphanInstrument());
  const writes = changed.filter(
    (w) => !intendedRefusalWrites[w.table] && !(undone && w.table === 'gateway_sim.instruments'),
  );
  tally.refusalsChecked++;
  verify(
    'a refusal changed nothing',
    writes.length === 0,
    `${caller.name}: ${o.key} (${kind}) answered ${res.status} but changed rows: ${JSON.stringify(writes)} (${req.path}?${req.query.slice(0, 200)} ${JSON.stringify(req.body)?.slice(0, 200)})`,
  );
}

describe('the schema-driven fuzzer', () => {
  it(`answers every operation as documented (seed ${SEED}, ${RUNS} requests per operation)`, async () => {
    const started = Date.now();
    const ops = operations();
    if (!ONLY) expect(ops.length).toBeGreaterThan(60);
    // Every operation is fuzzed even when one fails, so a run names every broken operation.
    const failures: string[] = [];
    for (const o of ops) {
      const seed = seedOf(o);
      if (process.env.FUZZ_TRACE) console.error(`fuzz: ${o.key}`);
      try {
        await fc.assert(
          fc.asyncProperty(drawnArb(o), (drawn) => fuzzOnce(o, drawn)),
          { seed, numRuns: RUNS, endOnFailure: true },
        );
      } catch (err) {
        const cause = (err as Error & { cause?: Error }).cause?.message ?? (err as Error).message;
        failures.push(`${o.key} (FUZZ_SEED=${SEED} FUZZ_ONLY='${o.key}'): ${cause}`);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = [...tally.byStatus.entries()].sort(([x], [y]) => x - y).map(([s, n]) => `${s}: ${n}`);
    console.log(
      `api fuzz: ${ops.length} operations, ${tally.requests} requests in ${seconds} s (seed ${SEED}); forced runs drained in ${(tally.drainMs / 1000).toFixed(1)} s; refusals checked for writes: ${tally.refusalsChecked}; ${statuses.join(', ')}`,
    );
    console.log(
      `api fuzz checks (cases / failures):\n${[...checks.entries()].map(([check, c]) => `  ${check}: ${c.cases} / ${c.failures}`).join('\n')}`,
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
    // The run reached both sides: successes and refusals.
    if (!ONLY) expect(tally.byStatus.get(200) ?? 0).toBeGreaterThan(ops.length);
    if (!ONLY) expect(tally.byStatus.get(400) ?? 0).toBeGreaterThan(ops.length);
  }, 600_000);
});
