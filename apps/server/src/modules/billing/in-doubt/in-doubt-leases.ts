import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import { inDoubt } from './in-doubt.sql.ts';

/**
 * Of these money rows, the ones still in doubt that no other drain is looking up now, leased to
 * this one until the staleness window has passed (the settle step's slices, ADR 43). A lease
 * held by another drain is left alone unless it has lapsed (its drain died or stalls). In id
 * order, so that two drains leasing overlapping slices wait on each other in one order.
 * `unsettled`: what the caller settles (in doubt; for plan charges, waiting for the bank too).
 */
export async function leaseInDoubt(
  db: Db,
  table: 'payment_attempts' | 'payouts' | 'refunds',
  ids: readonly string[],
  staleAfterMs: number,
  unsettled: RawBuilder<boolean> = inDoubt(staleAfterMs),
): Promise<string[]> {
  if (ids.length === 0) return [];
  const res = await sql<{ row_id: string }>`
    insert into in_doubt_leases (row_id, leased_until)
    select id, now() + make_interval(secs => ${staleAfterMs / 1000})
    from ${sql.table(table)} where id = any(${ids}::uuid[]) and ${unsettled}
    order by id
    on conflict (row_id) do update set leased_until = excluded.leased_until
      where in_doubt_leases.leased_until < now()
    returning row_id`.execute(db);
  return res.rows.map((r) => r.row_id);
}

/** Ends this drain's leases once their slice is settled, and clears leases lapsed a day ago. */
export async function releaseLeases(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`delete from in_doubt_leases
    where row_id = any(${ids}::uuid[]) or leased_until < now() - make_interval(days => 1)`.execute(db);
}
