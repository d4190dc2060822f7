import { type RawBuilder, sql } from 'kysely';

/** Writes an insert's ON CONFLICT clause on the second try only (see insertOptimistically). */
export type OnConflict = (clause: RawBuilder<unknown>) => RawBuilder<unknown>;

const withoutClause: OnConflict = () => sql.raw('');
const withClause: OnConflict = (clause) => clause;

/**
 * Runs `work` (one whole transaction, or one statement) first with every ON CONFLICT clause
 * `onConflict` wraps left out, and again with them only if a unique index refused a row
 * (SQLSTATE 23505): the work was rolled back entirely, so the second try is the same as writing
 * the clauses every time (ADR 44).
 *
 * For the drains' bulk writes, whose rows are new but for a rare race (a stale chunk's writer got
 * there first): with the clause, PostgreSQL probes every arbiter index before each row and writes
 * a speculative insertion's confirmation after it; without it, a row is checked once, as its index
 * entry goes in. 13–16 % of the pay-in's write statement.
 */
export async function insertOptimistically<T>(
  work: (onConflict: OnConflict, again: boolean) => Promise<T>,
): Promise<T> {
  try {
    return await work(withoutClause, false);
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code !== '23505') throw err;
    return work(withClause, true);
  }
}
