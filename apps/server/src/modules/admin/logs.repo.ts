import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { likeContains } from './paging.ts';

/**
 * The application's log: event_log (billing runs, admin actions, account events) and the
 * identity provider's sign-ins (stream 'auth'), newest first. Rows are ordered by
 * (at, source, id) descending, source 1 = event_log, 0 = sign-ins, so the two id spaces
 * never collide and a continuation key names one row exactly.
 */
export interface LogKey {
  /** The row's instant at microsecond precision, ISO 8601 UTC (Date would lose microseconds). */
  at: string;
  source: 0 | 1;
  id: number;
}

export interface LogRow {
  at_ms: number;
  at_key: string;
  source: 0 | 1;
  id: number;
  stream: string;
  message: string;
}

export interface LogQuery {
  pattern?: string;
  start?: Date;
  end?: Date;
  after?: LogKey;
  limit: number;
}

const atKey = (column: RawBuilder<unknown>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** "Older than the key" for one source, written so the (at, id) index can seek to it. */
function olderThan(key: LogKey, source: 0 | 1, at: RawBuilder<unknown>, id: RawBuilder<unknown>) {
  const keyAt = sql`${key.at}::timestamptz`;
  if (source < key.source) return sql`${at} <= ${keyAt}`;
  if (source > key.source) return sql`${at} < ${keyAt}`;
  return sql`(${at}, ${id}) < (${keyAt}, ${key.id})`;
}

// What a sign-in step says in the log: one definition, in the database (migration 0081), which
// the filter's trigram index is built on too.
const signInMessage = sql`pria_sign_in_message(s.success, s.reason, s.email, s.user_id, s.ip)`;

/**
 * Whose account an event is about (issue 29: "account deleted" named nobody): the client its
 * actor is, by email, or by the start of their id once the account is erased.
 */
const whose = sql`coalesce(' · ' || (select coalesce(c.email, 'deleted client ' || left(c.id::text, 8))
  from customers c
  where c.id = case when e.actor ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then e.actor::uuid end), '')`;

export async function listLogEvents(db: Db, q: LogQuery): Promise<LogRow[]> {
  const events: RawBuilder<unknown>[] = [];
  const signIns: RawBuilder<unknown>[] = [];
  if (q.start) {
    events.push(sql`e.at >= ${q.start}`);
    signIns.push(sql`s.at >= ${q.start}`);
  }
  if (q.end) {
    events.push(sql`e.at <= ${q.end}`);
    signIns.push(sql`s.at <= ${q.end}`);
  }
  if (q.after) {
    events.push(olderThan(q.after, 1, sql`e.at`, sql`e.id`));
    signIns.push(olderThan(q.after, 0, sql`s.at`, sql`s.id`));
  }
  if (q.pattern) {
    const p = likeContains(q.pattern);
    events.push(sql`(e.message ilike ${p} or e.stream ilike ${p} or coalesce(e.actor, '') ilike ${p})`);
    signIns.push(sql`(${signInMessage} ilike ${p} or 'auth' ilike ${p})`);
  }
  const where = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);
  const r = await sql<LogRow>`
    select * from (
      (select (extract(epoch from e.at) * 1000)::float8 as at_ms, ${atKey(sql`e.at`)} as at_key, 1 as source,
              e.id, e.stream, e.message || ${whose} as message, e.at
       from event_log e where ${where(events)} order by e.at desc, e.id desc limit ${q.limit})
      union all
      (select (extract(epoch from s.at) * 1000)::float8, ${atKey(sql`s.at`)}, 0, s.id, 'auth', ${signInMessage}, s.at
       from idp_sign_in_events s where ${where(signIns)} order by s.at desc, s.id desc limit ${q.limit})
    ) x
    order by x.at desc, x.source desc, x.id desc
    limit ${q.limit}`.execute(db);
  return r.rows.map((row) => ({ ...row, at_ms: Math.floor(Number(row.at_ms)), id: Number(row.id) }));
}

export interface SignInRow {
  id: number;
  at: Date;
  email: string | null;
  ip: string | null;
  user_agent: string | null;
  success: boolean;
  reason: string | null;
}

export interface SignInQuery {
  userId: string;
  pattern?: string;
  start?: Date;
  end?: Date;
  offset: number;
  limit: number;
}

/** One identity's sign-ins, newest first, and how many there are. */
export async function listSignIns(db: Db, q: SignInQuery): Promise<{ rows: SignInRow[]; total: number }> {
  const parts = [sql`s.user_id = ${q.userId}`];
  if (q.start) parts.push(sql`s.at >= ${q.start}`);
  if (q.end) parts.push(sql`s.at <= ${q.end}`);
  if (q.pattern) {
    const p = likeContains(q.pattern);
    parts.push(sql`(${signInMessage} ilike ${p} or coalesce(s.user_agent, '') ilike ${p})`);
  }
  const where = sql.join(parts, sql` and `);
  const [rows, count] = await Promise.all([
    sql<SignInRow>`select s.id, s.at, s.email, s.ip, s.user_agent, s.success, s.reason
      from idp_sign_in_events s where ${where}
      order by s.at desc, s.id desc limit ${q.limit} offset ${q.offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from idp_sign_in_events s where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}
