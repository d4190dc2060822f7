import { type Selectable, sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import type { BillingRunsTable, RunKind } from '../../../platform/db-schema.ts';
import { conclusiveNow, inDoubt } from '../in-doubt/in-doubt.sql.ts';

export type RunRow = Selectable<BillingRunsTable>;

/**
 * The run for (kind, period), created if missing. An existing run is reopened (status running,
 * new as-of instant) so a forced or catch-up pass can add what became due since; the unique
 * keys on attempts and payouts make the second pass charge nobody twice. `started_by` stays who
 * opened it first (with `started_at`); every later opening is a line in the event log with its
 * opener and instant, and a person's is in the audit trail too (run-engine.ts `openRunAs`).
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
      forced_at: r.forced ? r.asOf : null,
    })
    .onConflict((oc) =>
      oc.columns(['kind', 'period']).doUpdateSet({
        status: 'running',
        as_of: sql`greatest(billing_runs.as_of, excluded.as_of)`,
        finished_at: null,
        forced_count: sql`billing_runs.forced_count + excluded.forced_count`,
        forced_at: sql`coalesce(excluded.forced_at, billing_runs.forced_at)`,
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

/** Completes a run; a pay-in's missed count is taken from its attempts then (revivals move it). */
export async function completeRun(db: Db, runId: string): Promise<RunRow | undefined> {
  const res = await sql<RunRow>`
    update billing_runs r set status = 'completed', finished_at = now(),
      missed = case when r.kind = 'payin'
                    then (select count(*) from payment_attempts a where a.billing_run_id = r.id and a.status = 'missed')
                    else r.missed end
    where r.id = ${runId} and r.status = 'running'
    returning r.*`.execute(db);
  return res.rows[0];
}

/** A pay-in run's count of renewals it waits for (see countWaitingRenewals). */
export async function setRunWaiting(db: Db, runId: string, waiting: number): Promise<void> {
  await db.updateTable('billing_runs').set({ waiting }).where('id', '=', runId).execute();
}

/** Pay-in runs whose window has not been closed yet, for periods up to `period`. */
export async function payinRunsToClose(db: Db, period: string): Promise<RunRow[]> {
  return db
    .selectFrom('billing_runs')
    .selectAll()
    .where('kind', '=', 'payin')
    .where('window_closed_at', 'is', null)
    .where('period', '<=', period)
    .execute();
}

/**
 * Periods from the first pay-in run on (at most `maxBack` months before `lastClosed`) up to
 * `lastClosed` whose window has not been closed: months Pria ran around but not in, and runs a
 * crash left open. None before the first run: a new installation has no history to miss.
 */
export async function unclosedPayinPeriods(db: Db, lastClosed: string, maxBack: number): Promise<string[]> {
  const r = await sql<{ period: string }>`
    with first as (
      -- NOTE: greatest() skips nulls: no run at all must give no period, not maxBack months of them.
      select case when min(period) is null then null
                  else greatest(min(period), to_char((${lastClosed} || '-01')::date - make_interval(months => ${maxBack}), 'YYYY-MM'))
             end as p
      from billing_runs where kind = 'payin'
    )
    select to_char(m, 'YYYY-MM') as period
    from first, generate_series((first.p || '-01')::date, (${lastClosed} || '-01')::date, interval '1 month') as m
    where first.p is not null
      and not exists (select 1 from billing_runs r
                      where r.kind = 'payin' and r.period = to_char(m, 'YYYY-MM') and r.window_closed_at is not null)
    order by 1`.execute(db);
  return r.rows.map((x) => x.period);
}

/**
 * Rows of a run the processor has not answered for: left submitted by a crash (older than
 * `staleAfterMs`), or unknown after a timeout. `conclusive`: last written long enough before
 * `looked_at` (the database's now) that a lookup finding nothing proves the processor never
 * received it (its search indexing lag, which exceeds the HTTP timeout: nothing is in flight).
 */
export async function findUnsettled<S extends string>(
  db: Db,
  table: 'payment_attempts' | 'payouts',
  r: { runId: string; staleAfterMs: number; lookupLagMs: number },
) {
  const res = await sql<{ id: string; reference: string; status: S; conclusive: boolean; looked_at: Date }>`
    select id, reference, status,
           ${conclusiveNow(r.lookupLagMs)} as conclusive,
           now() as looked_at
    from ${sql.table(table)}
    where billing_run_id = ${r.runId}
      and ${inDoubt(r.staleAfterMs)}
    order by id limit 1000`.execute(db);
  return res.rows;
}

/** The newest runs first (staff's view of what the engine did and is doing). */
export function listRecentRuns(db: Db, limit: number): Promise<RunRow[]> {
  return db.selectFrom('billing_runs').selectAll().orderBy('started_at', 'desc').limit(limit).execute();
}

/** A run's chunks (pay-in or payout) whose every item has its row written now (ADR 17). */
export async function markChunksWritten(
  tx: Db,
  table: 'billing_chunks' | 'payout_chunks',
  chunks: readonly { runId: string; seq: number }[],
): Promise<void> {
  if (chunks.length === 0) return;
  await sql`
    update ${sql.table(table)} set written_at = now()
    where written_at is null and (run_id, seq) in (
      select * from unnest(${chunks.map((c) => c.runId)}::uuid[], ${chunks.map((c) => c.seq)}::int[]))`.execute(
    tx,
  );
}

/** The newest period a pay-in ran for (undefined: none has). */
export async function latestPayinPeriod(db: Db): Promise<string | undefined> {
  const r = await db
    .selectFrom('billing_runs')
    .select((eb) => eb.fn.max('period').as('period'))
    .where('kind', '=', 'payin')
    .executeTakeFirst();
  return r?.period ?? undefined;
}
