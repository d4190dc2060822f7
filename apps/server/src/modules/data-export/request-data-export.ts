import { DATA_EXPORT_MIN_HOURS_BETWEEN, type DataExportView, dataExportMessages } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { currentCustomer } from '../customers/index.ts';
import { insertExportRequest, latestRequest, listExportRequests } from './data-export.repo.ts';
import { logExportEvent } from './log-export-event.ts';

export async function listOwnDataExports(db: Db, principal: Principal): Promise<DataExportView[]> {
  const customer = await currentCustomer(db, principal);
  return listExportRequests(db, customer.id);
}

/**
 * "Download my data": a request the worker prepares. One at a time, and at most one a day (a
 * failed one does not count): the file holds everything, so a stolen session asking again and
 * again gains nothing, and the database is not made to build ZIPs in a loop. Recorded in the log.
 */
export async function requestDataExport(
  db: Db,
  principal: Principal,
  ctx: { ip: string | null; now: Date },
): Promise<DataExportView> {
  const customer = await currentCustomer(db, principal);
  const last = await latestRequest(db, customer.id);
  if (last && (last.status === 'queued' || last.status === 'preparing')) {
    throw new AppError('CONFLICT', dataExportMessages.alreadyPreparing);
  }
  const since = ctx.now.getTime() - DATA_EXPORT_MIN_HOURS_BETWEEN * 3600_000;
  if (last && last.status !== 'failed' && last.requested_at.getTime() > since) {
    throw new AppError('RATE_LIMITED', dataExportMessages.tooSoon);
  }
  return db.transaction().execute(async (tx) => {
    const created = await insertExportRequest(tx, { customerId: customer.id, ip: ctx.ip, at: ctx.now });
    if (!created) throw new AppError('CONFLICT', dataExportMessages.alreadyPreparing);
    await logExportEvent(tx, customer.id, 'data export requested', { requestId: created.id, ip: ctx.ip });
    return created;
  });
}
