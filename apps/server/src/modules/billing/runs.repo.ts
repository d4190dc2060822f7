import { type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { BillingRunsTable, RunKind } from '../../platform/db-schema.ts';

export type RunRow = Selectable<BillingRunsTable>;

/**
 * The run for (kind, period), created if missing. An existing run is reopened (status running,
 * new as-of instant) so a forced or catch-up pass can add what became due since; the unique
 * keys on attempts and payouts make the second pass charge nobody twice.
 */
export async function openRun(
  db: Db,
  r: { kind: RunKind; period: string; asOf: Date; startedBy: string; forced: boolean },
): Promise<RunRow> {
  return db
    .insertInto('billing_runs')
    .values({
      kind: r.kind,
      period: r.period,
      status: 'running',
      as_of: r.asOf,
      started_by: r.startedBy,
      forced_count: r.forced ? 1 : 0,
    })
    .onConflict((oc) =>
      oc.columns(['kind', 'period']).doUpdateSet({
        status: 'running',
        as_of: sql`greatest(billing_runs.as_of, excluded.as_of)`,
        finished_at: null,
        forced_count: sql`billing_runs.forced_count + excluded.forced_count`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findRun(db: Db, kind: RunKind, period: string): Promise<RunRow | undefined> {
  return db
    .selectFrom('billing_runs')
    .selectAll()
    .where('kind', '=', kind)
    .where('period', '=', period)
    .executeTakeFirst();
}

export function getRun(db: Db, id: string): Promise<RunRow | undefined> {
  return db.selectFrom('billing_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listOpenRuns(db: Db): Promise<RunRow[]> {
  return db
    .selectFrom('billing_runs')
    .selectAll()
    .where('status', '=', 'running')
    .orderBy('started_at')
    .execute();
}

export async function setRunTotal(db: Db, runId: string, total: number): Promise<void> {
  await db.updateTable('billing_runs').set({ total }).where('id', '=', runId).execute();
}

export async function addRunProgress(db: Db, runId: string, done: number, failed: number): Promise<void> {
  if (done === 0 && failed === 0) return;
  await db
    .updateTable('billing_runs')
    .set({ done: sql`done + ${done}`, failed: sql`failed + ${failed}` })
    .where('id', '=', runId)
    .execute();
}

export async function completeRun(db: Db, runId: string): Promise<RunRow | undefined> {
  return db
    .updateTable('billing_runs')
    .set({ status: 'completed', finished_at: new Date() })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .returningAll()
    .executeTakeFirst();
}
