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

export type { Logger };
