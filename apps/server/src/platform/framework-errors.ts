import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorCodesFor, messages } from '@pria/contracts';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import type { Logger } from './logger.ts';

/**
 * The answers the framework (Fastify, Node's HTTP parser) would otherwise give in its own shape:
 * every one of them is the app's envelope, with a code from the one list (contracts/envelope.ts).
 */

export function envelopeError(
  httpCode: number,
  code: string,
  message: string,
  details: string[] = [message],
) {
  return { httpCode, data: null, message, error: details, code };
}

/** A request body larger than this is 413. */
export const BODY_LIMIT = 256 * 1024;
/** A path parameter longer than this is 414 (Fastify's router refuses it). */
export const MAX_PARAM_LENGTH = 100;
/** A URL longer than this is 414; past Node's header limit (16 KiB) it is 431. */
export const MAX_URL_LENGTH = 8192;

const wordsFor: Partial<Record<number, string>> = {
  413: `The request body is too large (at most ${BODY_LIMIT / 1024} KB)`,
  414: 'The URL is too long',
  415: 'Send the request body as application/json',
};

/** A 4xx the framework raised (bad JSON, body too large, wrong media type...) in the envelope. */
export function frameworkClientError(err: FastifyError) {
  const status = err.statusCode ?? 400;
  const code = errorCodesFor(status)[0];
  // A status the API does not document (none is expected): a plain 400.
  if (!code) return envelopeError(400, 'VALIDATION', err.message);
  return envelopeError(status, code, wordsFor[status] ?? err.message);
}

/** Fastify's `frameworkErrors`: a malformed URL (400) or an over-long path parameter (414). */
export function answerFrameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .code(414)
      .send(
        envelopeError(
          414,
          'URI_TOO_LONG',
          `A path parameter is too long (at most ${MAX_PARAM_LENGTH} characters)`,
        ),
      );
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return reply
      .code(400)
      .send(envelopeError(400, 'VALIDATION', 'The URL is not valid (bad percent-encoding)'));
  }
  return reply.code(500).send(envelopeError(500, 'INTERNAL', messages.defaultError));
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers over 16 KiB, a malformed
 * request, a client too slow): answered in the envelope too, then the connection is closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers (or the URL) are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is malformed'];
  const body = JSON.stringify(envelopeError(status, errorCodesFor(status)[0] ?? 'VALIDATION', message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** A URL longer than MAX_URL_LENGTH: 414 before anything else runs. */
export function refuseLongUrl(req: FastifyRequest) {
  if (req.url.length > MAX_URL_LENGTH) throw new AppError('URI_TOO_LONG', wordsFor[414] as string);
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The API takes JSON bodies only: any other media type is 415 (rather than Fastify parsing
 * text/plain into a string the schema then calls "expected object").
 */
export function refuseNonJsonBody(req: FastifyRequest) {
  if (!req.url.startsWith('/api/')) return;
  const length = req.headers['content-length'];
  const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  const type = req.headers['content-type'];
  if (!type || !JSON_TYPE.test(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', wordsFor[415] as string);
}

/**
 * Answers checked against their documented schema (fastify-type-provider-zod's serializer):
 * 'strict' turns a mismatch into a 500 (tests and development: drift fails CI), 'report' logs
 * it and sends the answer as built (production: ADR 25).
 */
export function responseSerializer(
  mode: 'strict' | 'report',
  logger: Logger,
): FastifySerializerCompiler<unknown> {
  if (mode === 'strict') return serializerCompiler as FastifySerializerCompiler<unknown>;
  return (route) => {
    const strict = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (data: unknown) => {
      try {
        return strict(data);
      } catch (err) {
        if (!(err instanceof ResponseSerializationError)) throw err;
        logger.error(
          { err, method: route.method, url: route.url, status: route.httpStatus },
          'response does not match its documented schema',
        );
        return JSON.stringify(data);
      }
    };
  };
}
