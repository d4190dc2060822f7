import { type Kysely, sql } from 'kysely';

/**
 * The rate limits' counters, shared by every process on the database (issue 39, ADR 53): before,
 * each web process counted in its own memory, so N processes behind a load balancer allowed N
 * times each limit. One row per limited route and key (an address or an account) for the current
 * window; the columns are the ones rate-limiter-flexible's PostgreSQL store reads and writes
 * (`key`, `points`, `expire` in ms since the epoch), created here by the owner, never by the
 * library at run time (the runtime role has no DDL).
 *
 * UNLOGGED: a counter lives a window (an hour at most) and is rewritten on most limited
 * requests; it needs no write-ahead log. After a crash PostgreSQL empties the table, which
 * only starts every window afresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table rate_limits (
      key varchar(255) primary key,
      points integer not null default 0,
      expire bigint
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limits`.execute(db);
}
