import { userInfo } from 'node:os';
import { isStaffRole } from '@pria/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db.ts';
import { principalOf } from './http.ts';
import type { SecurityEvent } from './security-notices.ts';

/**
 * The staff audit trail (issues 16 and 30): who did what to what, with the request that did
 * it. `recordStaffAction` is the only code that writes it (a test holds every other file to
 * that); rows are append-only twice over: the runtime database role may only INSERT and SELECT
 * them (db-grants.ts), and a trigger refuses updates and deletes even to the owner. They are
 * written in the transaction that makes the change, so an action and its row commit together
 * or not at all.
 */
export interface AuditContext {
  /** The staff member: their email, else the token's subject; `cli:<os user>` at the command line. */
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

/** Who runs this process, as the operating system says (USER when it cannot: no passwd entry). */
function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.LOGNAME ?? `uid-${process.getuid?.() ?? 'unknown'}`;
  }
}

/**
 * An operator at the command line (the CLI has no request and no token): the actor names the
 * CLI and the operating-system user who ran it, e.g. `cli:alice`.
 */
export const cliAuditContext = (user: string = osUser()): AuditContext => ({
  actor: `cli:${user}`,
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

/** Security changes of an account to itself; the first six are also security notices. */
export type OwnSecurityChange = SecurityEvent | 'signed_out_everywhere';

/**
 * A staff member changing how they sign in (password, MFA, passkeys, sign out everywhere) is a
 * change to access like any other: audited as `staff.security.<change>`, the staff member as
 * actor and target (issue 30). Customers' own changes go to their activity log instead, so this
 * writes nothing for an account without a staff role.
 */
export async function recordOwnSecurityChange(
  db: Db,
  who: { subject: string; email: string | null; roles: readonly string[] },
  change: OwnSecurityChange,
  request: Pick<AuditContext, 'requestId' | 'clientIp'> = { requestId: null, clientIp: null },
): Promise<void> {
  const roles = who.roles.filter(isStaffRole);
  if (!roles.length) return;
  await recordStaffAction(
    db,
    { actor: who.email ?? who.subject, roles, ...request },
    { action: `staff.security.${change}`, targetType: 'staff', targetId: who.subject },
  );
}
