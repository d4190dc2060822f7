import type { Readable } from 'node:stream';
import {
  type ErrorStatus,
  errorEnvelopeFor,
  type Permission,
  rolePermissions,
  staffRoles,
  successEnvelope,
} from '@pria/contracts';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { RouteAccess } from './http.ts';
import { isZodSchema, strictInput } from './strict-input.ts';

/**
 * What a route answers, declared beside it and enforced by the serializer (every answer is
 * checked against its status's schema), so /api/docs/json is what the code does. A route names
 * its success `data` and the errors only it gives; the errors every route shares (400, and what
 * its access rule, path, body and rate limit imply) are added when it is registered
 * (`completeContract`), as is its `security`.
 */

type SuccessStatus = 200 | 201 | 202;
/** Errors a route declares itself; the shared ones are added for it. */
type OwnError = Exclude<ErrorStatus, 400 | 401 | 405 | 408 | 413 | 414 | 415 | 429 | 431 | 500 | 503>;

interface RespondOptions {
  /** The success status (default 200); a list when the same call answers either (201 created, 200 replayed). */
  status?: SuccessStatus | SuccessStatus[];
  /** What the success means, shown in /api/docs. */
  description?: string;
  /** The errors this route gives beyond the shared ones (e.g. 403 someone else's, 404, 409). */
  errors?: OwnError[];
}

const defaultDescription: Record<SuccessStatus, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: the work continues in the background',
};

function errorsOf(errors: OwnError[] = []) {
  return Object.fromEntries(errors.map((s) => [s, errorEnvelopeFor(s)]));
}

/** A JSON answer in the envelope, `data` checked against the schema. */
export function respond<T extends z.ZodType>(data: T, opts: RespondOptions = {}) {
  const statuses = [opts.status ?? 200].flat();
  const success = Object.fromEntries(
    statuses.map((s) => [s, successEnvelope(data, s).describe(opts.description ?? defaultDescription[s])]),
  );
  return { ...success, ...errorsOf(opts.errors) };
}

/** An answer whose `data` is always null: the envelope carries the confirmation message. */
export const respondMessage = (opts: RespondOptions = {}) => respond(z.null(), opts);

/**
 * A file's bytes. Typed as what handlers send (Fastify never serializes a Buffer or a stream, so
 * the schema only documents): a plain z.string() would make the type provider refuse a Buffer.
 */
const fileBody = (format?: 'binary') =>
  (format ? z.string().meta({ format }) : z.string()) as unknown as z.ZodType<string | Buffer | Readable>;

/** A file (PDF, CSV) as the body; errors still come in the JSON envelope. */
export function respondFile(
  mediaTypes: ('application/pdf' | 'text/csv' | 'application/zip')[],
  opts: Omit<RespondOptions, 'status'> & { description: string },
) {
  return {
    200: {
      description: opts.description,
      content: Object.fromEntries(
        mediaTypes.map((t) => [t, { schema: fileBody(t === 'text/csv' ? undefined : 'binary') }]),
      ),
    },
    ...errorsOf(opts.errors),
  };
}

// --- Completing each route's contract from what it declares -----------------------------------

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The OpenAPI `security` of an access rule (3.1 lets a bearer requirement name roles). */
export function securityOf(rule: RouteAccess): Record<string, string[]>[] {
  switch (rule.kind) {
    case 'public':
      return [];
    case 'optional':
      // {} first: no token is fine; a token, when sent, must be valid.
      return [{}, { bearer: [] }];
    case 'user':
      return [{ bearer: [] }];
    case 'permission':
      return [{ bearer: [rule.permission] }];
  }
}

const rolesWith = (p: Permission) => staffRoles.filter((r) => rolePermissions[r].includes(p));

/** Who may call, in words, for /api/docs. */
function accessText(rule: RouteAccess): string {
  switch (rule.kind) {
    case 'public':
      return 'Access: public (no token).';
    case 'optional':
      return 'Access: public; a bearer token, when sent, must be valid and identifies the caller.';
    case 'user':
      return 'Access: any signed-in caller (bearer token); a customer reaches only their own data.';
    case 'permission':
      return `Access: staff holding \`${rule.permission}\` (roles: ${rolesWith(rule.permission).join(', ')}).`;
  }
}

interface RouteSchema {
  hide?: boolean;
  description?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  params?: unknown;
  body?: unknown;
  response?: Record<string | number, unknown>;
  [key: string]: unknown;
}

/**
 * Fills in what a route's own declarations imply, when it is registered: a body and query that
 * refuse what they do not name (`strictInput`; a route without a query schema takes no query
 * parameter), for /api routes (hidden aliases such as `/cards/` too) and every documented one;
 * for documented routes, its `security` and a line on who may call (from its access rule), and
 * every error answer the HTTP shell can give any request to it (`frameworkStatusesOf`). The
 * route's own declarations win.
 */
export function completeContract(route: RouteOptions): void {
  const rule = route.config?.access;
  const schema = (route.schema ?? {}) as RouteSchema;
  // HEAD routes share their GET's schema object: completed once.
  if (!rule || completed.has(schema)) return;
  completed.add(schema);
  route.schema = schema as RouteOptions['schema'];
  const api = route.url.startsWith('/api/');
  if (api || !schema.hide) {
    if (isZodSchema(schema.body)) schema.body = strictInput(schema.body);
    schema.querystring = isZodSchema(schema.querystring) ? strictInput(schema.querystring) : noQuery;
  }
  if (schema.hide) return;
  schema.security = securityOf(rule);
  schema['x-access'] = rule.kind === 'permission' ? { ...rule, roles: rolesWith(rule.permission) } : rule;
  schema.description = [schema.description, accessText(rule)].filter(Boolean).join('\n\n');
  const statuses = frameworkStatusesOf({
    api,
    methods: [route.method].flat(),
    access: rule,
    rateLimited: Boolean(route.config?.rateLimit),
  });
  schema.response = {
    ...Object.fromEntries(statuses.map((s) => [s, errorEnvelopeFor(s)])),
    ...schema.response,
  };
}

const completed = new WeakSet<object>();

/** A route that names no query parameter takes none. */
const noQuery = z.strictObject({});

/**
 * The error answers the HTTP shell can give any request to a route, whatever its handler does:
 * 400 (malformed or invalid input, unknown parameters), 401 (not public), 403 (a permission), 408
 * (a request slower than the server's timeout), 413 (a body over the limit, methods that read
 * one), 414 (a URL over 8 KiB or a path parameter over 100 characters), 429 (a rate limit), 431
 * (headers over 16 KiB); under /api also 415 (a body that is not JSON) and 503 (the database
 * briefly unreachable: outside /api a route declares its own, as /readyz does). 405 depends on
 * the route's siblings and is added with the document (openapi-document.ts).
 * `proof/framework-answers.test.ts` sends each of them to every operation.
 */
export function frameworkStatusesOf(route: {
  api: boolean;
  methods: string[];
  access: RouteAccess;
  rateLimited: boolean;
}): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400, 408, 414, 431];
  if (route.api) statuses.push(415, 503);
  if (route.access.kind !== 'public') statuses.push(401);
  if (route.access.kind === 'permission') statuses.push(403);
  if (route.methods.some((m) => BODY_METHODS.has(m))) statuses.push(413);
  if (route.rateLimited) statuses.push(429);
  return statuses.sort((a, b) => a - b);
}

/** Whether a route declares a success answer (the contract test asks every API route to). */
export function declaresSuccess(schema: unknown): boolean {
  const response = (schema as RouteSchema | undefined)?.response ?? {};
  return Object.keys(response).some((s) => /^2\d\d$/.test(s));
}
