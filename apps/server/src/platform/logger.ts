import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type Logger } from 'pino';

/**
 * Keys whose values never reach a log line: passwords, card data, one-time codes and tokens.
 * pino's redaction works on paths; the wildcards cover one and two levels of nesting, which is
 * how deep request bodies and our own log objects go.
 */
const secretKeys = [
  'password',
  'newPassword',
  'confirmPassword',
  'number',
  'cardNumber',
  'cvc',
  'cvv',
  'code',
  'otp',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'id_token',
  'randomBytes',
  'secret',
  'authorization',
  'cookie',
];

export const redactPaths = [
  ...secretKeys,
  ...secretKeys.map((k) => `*.${k}`),
  ...secretKeys.map((k) => `*.*.${k}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/** Query parameters stripped from logged URLs (OIDC codes, deletion codes, verification tokens). */
const secretQuery =
  /([?&](?:code|token|ticket|state|id_token_hint|refresh_token|access_token|password)=)[^&]*/gi;

export function scrubUrl(url: string): string {
  return url.replace(secretQuery, '$1[Redacted]');
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: '[Redacted]' },
      serializers: {
        // Only method, scrubbed URL and address: headers (cookies, bearer tokens) stay out.
        req(req: { method?: string; url?: unknown; ip?: string }) {
          return {
            method: req.method,
            url: typeof req.url === 'string' ? scrubUrl(req.url) : undefined,
            ip: req.ip,
          };
        },
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}

/**
 * One log line per request, when it is answered: method, scrubbed URL and address (`req`),
 * status (`res`), time in ms (`responseTime`) and the request id (`reqId`), at `info`, or at
 * `error` with the error when the response failed. Fastify's default writes two lines (incoming,
 * then completed), each serialized and redacted: twice the cost for the same information.
 * NOTE: a request whose client goes away before it is answered leaves no line (it used to leave
 * the incoming one); errors the handlers hit are still logged where they happen.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

export type { Logger };
