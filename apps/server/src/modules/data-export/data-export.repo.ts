import type { DataExportView } from '@pria/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** The columns a customer sees of their request. */
interface ViewRow {
  id: string;
  status: DataExportView['status'];
  progress: number;
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
  downloaded_at: Date | null;
}

const viewColumns = [
  'id',
  'status',
  'progress',
  'requested_at',
  'ready_at',
  'expires_at',
  'downloaded_at',
] as const;

export function toView(r: ViewRow): DataExportView {
  return {
    id: r.id,
    status: r.status,
    progress: r.progress,
    requestedAt: r.requested_at.toISOString(),
    readyAt: r.ready_at?.toISOString() ?? null,
    expiresAt: r.expires_at?.toISOString() ?? null,
    downloadedAt: r.downloaded_at?.toISOString() ?? null,
  };
}

export async function listExportRequests(db: Db, customerId: string, limit = 5): Promise<DataExportView[]> {
  const rows = await db
    .selectFrom('data_export_requests')
    .select([...viewColumns])
    .where('customer_id', '=', customerId)
    .orderBy('requested_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toView);
}

export function latestRequest(db: Db, customerId: string) {
  return db
    .selectFrom('data_export_requests')
    .select(['id', 'status', 'requested_at'])
    .where('customer_id', '=', customerId)
    .orderBy('requested_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A new request; undefined when one is already open (the partial unique index decides, race-free). */
export async function insertExportRequest(
  db: Db,
  r: { customerId: string; ip: string | null; at: Date },
): Promise<DataExportView | undefined> {
  const row = await sql<ViewRow>`
    insert into data_export_requests (customer_id, requested_ip, requested_at)
    values (${r.customerId}, ${r.ip}, ${r.at})
    on conflict (customer_id) where status in ('queued', 'preparing') do nothing
    returning id, status, progress, requested_at, ready_at, expires_at, downloaded_at`.execute(db);
  const first = row.rows[0];
  return first ? toView(first) : undefined;
}

/** Claims the oldest due request (queued, or preparing by a worker that died), for this worker. */
export async function claimExportRequest(
  db: Db,
  opts: { now: Date; leaseUntil: Date },
): Promise<{ id: string; customer_id: string; attempts: number } | undefined> {
  const res = await sql<{ id: string; customer_id: string; attempts: number }>`
    update data_export_requests r
    set status = 'preparing', started_at = coalesce(r.started_at, ${opts.now}), lease_until = ${opts.leaseUntil},
        attempts = r.attempts + 1, progress = 0
    from (
      select id from data_export_requests
      where status = 'queued' or (status = 'preparing' and lease_until < ${opts.now})
      order by requested_at
      limit 1
      for update skip locked
    ) due
    where r.id = due.id
    returning r.id, r.customer_id, r.attempts`.execute(db);
  return res.rows[0];
}

export async function setExportProgress(db: Db, id: string, progress: number): Promise<void> {
  await db
    .updateTable('data_export_requests')
    .set({ progress })
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .execute();
}

export async function markExportReady(
  db: Db,
  id: string,
  r: { file: Buffer; tokenHash: string; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const res = await db
    .updateTable('data_export_requests')
    .set({
      status: 'ready',
      progress: 100,
      file: r.file,
      file_bytes: r.file.length,
      token_hash: r.tokenHash,
      ready_at: r.readyAt,
      expires_at: r.expiresAt,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markExportFailed(db: Db, id: string, error: string, giveUp: boolean): Promise<void> {
  await db
    .updateTable('data_export_requests')
    .set({ status: giveUp ? 'failed' : 'queued', error, lease_until: null })
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .execute();
}

/**
 * The download, once: the file is taken and dropped in the same statement that marks the request
 * downloaded, so two clicks (or two people with the link) cannot both get it.
 */
export async function takeExportFile(
  db: Db,
  r: { tokenHash: string; customerId: string; now: Date },
): Promise<{ id: string; file: Buffer; ready_at: Date } | undefined> {
  const res = await sql<{ id: string; file: Buffer; ready_at: Date }>`
    update data_export_requests r
    set status = 'downloaded', downloaded_at = ${r.now}, file = null
    from (select id, file from data_export_requests
          where token_hash = ${r.tokenHash} and customer_id = ${r.customerId}
            and status = 'ready' and expires_at > ${r.now}
          for update) taken
    where r.id = taken.id
    returning r.id, taken.file, r.ready_at`.execute(db);
  return res.rows[0];
}

/** Ready files past their 7 days: the bytes go, the record of the request stays. */
export async function expireExports(db: Db, now: Date): Promise<number> {
  const res = await db
    .updateTable('data_export_requests')
    .set({ status: 'expired', file: null })
    .where('status', '=', 'ready')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Account deletion: a prepared file is dropped at once, and nothing more is prepared. */
export async function discardDataExports(db: Db, customerId: string): Promise<void> {
  await db
    .updateTable('data_export_requests')
    .set({ status: 'expired', file: null })
    .where('customer_id', '=', customerId)
    .where('status', '=', 'ready')
    .execute();
  await db
    .updateTable('data_export_requests')
    .set({ status: 'failed', error: 'account deleted', lease_until: null })
    .where('customer_id', '=', customerId)
    .where('status', 'in', ['queued', 'preparing'])
    .execute();
}
