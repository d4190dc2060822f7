import type { FastifyRequest } from 'fastify';
import type { Db } from './db.ts';
import { principalOf } from './http.ts';

/**
 * The staff audit trail (issue 16): who did what to what, with the request that did it. Rows are
 * append-only (a trigger refuses updates and deletes) and written in the transaction that makes
 * the change, so an action and its audit row commit together or not at all.
 */
export interface AuditContext {
  /** The staff member: their email, else the token's subject. */
  actor: string;
  roles: string[];
  requestId: string | null;
  clientIp: string | null;
}

export interface StaffAction {
  /** A verb-noun, e.g. 'refund.create', 'billing.force_run', 'transactions.verify'. */
  action: string;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
}

export function auditContextOf(req: FastifyRequest): AuditContext {
  const p = principalOf(req);
  return { actor: p.email ?? p.subject, roles: p.roles, requestId: String(req.id), clientIp: req.ip ?? null };
}

/** An operator at the command line (the CLI has no request). */
export const cliAuditContext = (actor = 'cli'): AuditContext => ({
  actor,
  roles: ['operator'],
  requestId: null,
  clientIp: null,
});

export async function recordStaffAction(db: Db, ctx: AuditContext, a: StaffAction): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      actor: ctx.actor,
      actor_roles: ctx.roles,
      action: a.action,
      target_type: a.targetType ?? null,
      target_id: a.targetId ?? null,
      before: a.before === undefined ? null : JSON.stringify(a.before),
      after: a.after === undefined ? null : JSON.stringify(a.after),
      request_id: ctx.requestId,
      client_ip: ctx.clientIp,
    })
    .execute();
}
