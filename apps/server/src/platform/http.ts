import type { Permission } from '@pria/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from './auth.ts';
import { inCallersLanguage } from './error-language.ts';

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
