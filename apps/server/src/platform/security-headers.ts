import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaders {
  /** Headers set on every response, in helmet's order. */
  set: [name: string, value: string][];
  /** Headers removed from every response (X-Powered-By). */
  removed: string[];
}

/**
 * Helmet's headers for these options, computed once: helmet's own middleware runs against a
 * response that only records what it is told. Every value must be static (no nonces, no
 * functions of the request in the CSP), so the recording equals what helmet would send on
 * any request; a request-dependent option is refused.
 */
export function computeSecurityHeaders(options: HelmetOptions): SecurityHeaders {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  const noRequest = new Proxy(
    {},
    {
      get() {
        throw new Error('security headers must not depend on the request');
      },
    },
  );
  let failure: unknown;
  helmet(options)(noRequest as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return { set: [...set], removed };
}

/**
 * Sends the security headers on every response, including those the identity provider writes
 * to the raw response itself: set on the raw response in onRequest, as @fastify/helmet did,
 * but computed once at start-up instead of rebuilt by helmet on each request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): SecurityHeaders {
  const headers = computeSecurityHeaders(options);
  const { set, removed } = headers;
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    done();
  });
  return headers;
}
