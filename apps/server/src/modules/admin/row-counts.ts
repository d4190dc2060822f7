import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

export type CountedRows =
  | 'payment_attempts:payin'
  | 'payment_attempts:subscription'
  | 'payouts'
  | 'customers:active'
  | 'customers:deleted';

/** The sum of counters kept by triggers (migration 0012): O(1) however large the tables. */
export async function countedRows(db: Db, names: readonly CountedRows[]): Promise<number> {
  if (names.length === 0) return 0;
  const res = await sql<{ n: number }>`select (${countedRowsSql(names)})::int as n`.execute(db);
  return res.rows[0]?.n ?? 0;
}

/** The same sum as a query, to use inside another. */
export const countedRowsSql = (names: readonly CountedRows[]) =>
  sql`select coalesce(sum(n), 0) from row_counts where name in (${sql.join(names)})`;
