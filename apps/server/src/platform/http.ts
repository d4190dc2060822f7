import type { Permission } from '@pria/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from './auth.ts';
import { inCallersLanguage } from './error-language.ts';
import { requestLanguage } from './language.ts';

/**
 * What a route needs from its caller. Every /api/v1 route must declare one (the app refuses
 * to start otherwise), which is what lets the authorization matrix be generated from routes.
 * - public: anyone.
 * - optional: anyone; a valid bearer token, when sent, identifies the caller.
 * - user: any signed-in caller; ownership is checked in the use case.
 * - permission: a signed-in caller holding that permission (staff).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'optional' }
  | { kind: 'user' }
  | { kind: 'permission'; permission: Permission };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const access = {
  public: { access: { kind: 'public' } } as const,
  optional: { access: { kind: 'optional' } } as const,
  user: { access: { kind: 'user' } } as const,
  permission: (permission: Permission) => ({ access: { kind: 'permission', permission } }) as const,
};

/** The caller, for handlers behind a 'user' or 'permission' route. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new Error('principalOf called on a public route');
  return req.principal;
}

export function send<T>(reply: FastifyReply, data: T, message = 'OK', httpCode = 200) {
  // Its message in the caller's language, as a refusal's is (issue 42, ADR 74).
  return reply
    .code(httpCode)
    .send(inCallersLanguage(reply.request, reply, { httpCode, data, message, error: [] as string[] }));
}

const keptBodies = new WeakMap<object, Map<string, string>>();

/**
 * `send` for an answer built from a record the process keeps and serves again while it stands
 * (ADR 78): its body is serialized, and so checked against the route's response schema, once per
 * `variant` (what else the answer depends on; the language of its message is added here), then
 * sent again as it was, for as long as `source` is the same object. Only a frozen `source` is
 * remembered (a kept record: nothing can change it under its body); any other is sent as `send`.
 */
export function sendKept(reply: FastifyReply, source: object, variant: string, data: () => unknown) {
  reply.code(200);
  const key = `${variant}\u0000${requestLanguage(reply.request.headers)}`;
  let bodies = keptBodies.get(source);
  let body = bodies?.get(key);
  // Built each time: its message in the caller's language, and the Vary header it sets.
  const envelope = inCallersLanguage(reply.request, reply, {
    httpCode: 200,
    data: body === undefined ? data() : null,
    message: 'OK',
    error: [] as string[],
  });
  if (body === undefined) {
    body = String(reply.serialize(envelope)); // the route's JSON serializer returns a string
    if (Object.isFrozen(source)) {
      if (!bodies) {
        bodies = new Map();
        keptBodies.set(source, bodies);
      }
      bodies.set(key, body);
    }
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
