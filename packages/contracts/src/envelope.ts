import { z } from 'zod';

/**
 * The response envelope the spec's client reads: { httpCode, data, message, error[] }, plus a
 * stable machine `code` on errors. Every JSON answer of the API has this shape, the framework's
 * own refusals (unknown route, wrong method, body too large, ...) included; the schemas below are
 * what the server's serializer checks every answer against and what /api/docs/json publishes.
 */
export interface Envelope<T> {
  httpCode: number;
  data: T;
  message: string;
  error: string[];
  /** Stable machine code for errors (e.g. VALIDATION, UNAUTHORIZED). */
  code?: string;
}

export function ok<T>(data: T, message = 'OK', httpCode = 200): Envelope<T> {
  return { httpCode, data, message, error: [] };
}

/**
 * Every error's machine code, with the HTTP status it is answered with. A client branches on
 * `code`, never on `message` (the words may change; the code does not).
 */
export const errorStatusOf = {
  /** The request is malformed or a field is invalid: `error[]` lists every message. */
  VALIDATION: 400,
  /** No bearer token, or one that is invalid, expired or revoked. */
  UNAUTHORIZED: 401,
  /** The change needs a sign-in within the last 10 minutes (WWW-Authenticate says so, RFC 9470). */
  REAUTHENTICATE: 401,
  PAYMENT_DECLINED: 402,
  /** Signed in, but not allowed: a permission the caller lacks, or someone else's record. */
  FORBIDDEN: 403,
  /** No such resource (or route). */
  NOT_FOUND: 404,
  /** The path exists but not with this method: the `Allow` header lists the ones it has. */
  METHOD_NOT_ALLOWED: 405,
  /** The request took too long to arrive (the connection is then closed). */
  REQUEST_TIMEOUT: 408,
  /** The resource's state does not allow it (already done, limit reached, still owed...). */
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  /** A body that is not `application/json`. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The request headers (or the URL) are over 16 KiB (the connection is then closed). */
  HEADERS_TOO_LARGE: 431,
  /** Slow down: `Retry-After` says when to come back. */
  RATE_LIMITED: 429,
  /** Never expected: a bug, logged with the request id. */
  INTERNAL: 500,
  /** The payment processor failed to answer. */
  GATEWAY_ERROR: 502,
  /** A dependency (the database) is briefly unreachable: `Retry-After` says when to come back. */
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorStatusOf;
export const errorCodes = Object.keys(errorStatusOf) as ErrorCode[];

/** The statuses an error can be answered with. */
export type ErrorStatus = (typeof errorStatusOf)[ErrorCode];

/** The codes a status carries (401: UNAUTHORIZED or REAUTHENTICATE). */
export const errorCodesFor = (status: number): ErrorCode[] =>
  errorCodes.filter((c) => errorStatusOf[c] === status);

const statusText: Record<number, string> = {
  400: 'Bad Request (malformed or invalid input)',
  401: 'Unauthorized (no valid token, or a recent sign-in needed)',
  402: 'Payment declined',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests (see Retry-After)',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway (the payment processor)',
  503: 'Service Unavailable (see Retry-After)',
};

const errorEnvelopes = new Map<number, ReturnType<typeof buildErrorEnvelope>>();

/**
 * What every error answer with this status looks like; `code` is one of the codes its status
 * carries. One schema per status (published once, as `components.schemas.Error<status>`).
 */
export function errorEnvelopeFor(status: number) {
  let schema = errorEnvelopes.get(status);
  if (!schema) {
    schema = buildErrorEnvelope(status);
    errorEnvelopes.set(status, schema);
  }
  return schema;
}

function buildErrorEnvelope(status: number) {
  const codes = errorCodesFor(status);
  return z
    .object({
      httpCode: z.literal(status),
      data: z.null(),
      message: z
        .string()
        .min(1)
        .describe('What went wrong, in words a person can read (the spec’s where it has them)'),
      error: z.array(z.string()).min(1).describe('Every message (one per invalid field for VALIDATION)'),
      code: codes.length ? z.enum(codes as [ErrorCode, ...ErrorCode[]]) : z.string(),
    })
    .meta({
      id: `Error${status}`,
      description: `${statusText[status] ?? 'Error'}: code ${codes.join(' or ')}`,
    });
}

/** Any error answer, for clients that read it without knowing the status. */
export const errorEnvelope = z.object({
  httpCode: z.number().int(),
  data: z.null(),
  message: z.string(),
  error: z.array(z.string()),
  code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** A success answer carrying `data`. */
export const successEnvelope = <T extends z.ZodType>(data: T, httpCode: 200 | 201 | 202 = 200) =>
  z.object({
    httpCode: z.literal(httpCode),
    data,
    message: z.string().describe('A confirmation a client may show as is (e.g. "Card added successfully")'),
    error: z.array(z.string()).max(0),
  });
