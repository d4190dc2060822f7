import { type AuditRow, NEW_YORK, type Page } from '@pria/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { offsetOf, pageOf } from './paging.ts';

export interface AuditListOptions {
  actor?: string;
  /** An exact action, or a prefix when it ends with a dot ('staff.'). */
  action?: string;
  /** New York days, both included. */
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

/** The staff audit trail, newest first, one page (indexes: staff_audit_at, _actor, _action). */
export async function listAudit(db: Db, o: AuditListOptions): Promise<Page<AuditRow>> {
  let q = db.selectFrom('staff_audit');
  // Emails are stored lower-cased (the providers normalize them): exact, along staff_audit_actor.
  if (o.actor) q = q.where('actor', '=', o.actor.toLowerCase());
  if (o.action) {
    q = o.action.endsWith('.')
      ? q.where('action', 'like', `${o.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : q.where('action', '=', o.action);
  }
  if (o.from) q = q.where(sql<boolean>`at >= (${o.from}::date::timestamp at time zone ${NEW_YORK}::text)`);
  if (o.to) q = q.where(sql<boolean>`at < ((${o.to}::date + 1)::timestamp at time zone ${NEW_YORK}::text)`);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(o.limit)
      .offset(offsetOf(o.page, o.limit))
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: String(r.id),
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      actorRoles: r.actor_roles,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      before: r.before,
      after: r.after,
      requestId: r.request_id,
      clientIp: r.client_ip,
    })),
    o.page,
    o.limit,
    Number(count.n),
  );
}
