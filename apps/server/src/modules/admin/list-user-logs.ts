import type { UserLogsPage } from '@pria/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { GeoLookup } from './geoip.ts';
import { listSignIns } from './logs.repo.ts';
import { offsetOf } from './paging.ts';

export interface ListUserLogsOptions {
  db: Db;
  oidc: Config['oidc'];
  geo: GeoLookup;
  customerId: string;
  filterPattern?: string;
  startTime?: number;
  endTime?: number;
  page: number;
  limit: number;
}

/**
 * A client's sign-ins (client detail, Logs tab). The customer row keys the identity as
 * (issuer, subject); only the built-in provider records sign-ins here, so a customer of an
 * external issuer has none to show.
 */
export async function listUserLogs(o: ListUserLogsOptions): Promise<UserLogsPage> {
  if (o.startTime !== undefined && o.endTime !== undefined && o.startTime > o.endTime) {
    throw invalid('startTime must be before endTime');
  }
  const customer = await o.db
    .selectFrom('customers')
    .select(['id', 'issuer', 'subject'])
    .where('id', '=', o.customerId)
    .executeTakeFirst();
  if (!customer) throw notFound('Customer not found');
  if (!o.oidc.builtIn || customer.issuer !== o.oidc.issuer) return { logs: [], total: 0 };
  const { rows, total } = await listSignIns(o.db, {
    userId: customer.subject,
    pattern: o.filterPattern || undefined,
    start: o.startTime === undefined ? undefined : new Date(o.startTime),
    end: o.endTime === undefined ? undefined : new Date(o.endTime),
    offset: offsetOf(o.page, o.limit),
    limit: o.limit,
  });
  return {
    logs: rows.map((r) => ({
      user_id: customer.id,
      ip: r.ip,
      user_name: r.email,
      date: r.at.toISOString(),
      user_agent: r.user_agent,
      location_info: o.geo(r.ip),
      success: r.success,
      reason: r.reason,
    })),
    total,
  };
}
