import { type Kysely, sql } from 'kysely';

/**
 * Account → Security lists the customer's sign-ins and signed-in devices, and signs one device
 * out (issue 40, ADR 64).
 * - idp_session_sign_ins: one row per completed sign-in, naming the provider's session it opened
 *   (the session's public `uid`, the ID token's `sid`; never its cookie value, `jti`) with the
 *   browser's User-Agent and address. A personal log, erased with the identity (cascade).
 * - access_ended_sessions: the sessions signed out one by one. Their access tokens carry the
 *   session (`sid`), and the API refuses one of an ended session, as it refuses one below its
 *   subject's generation (ADR 51). A row only needs to outlive the longest access token.
 * - customer_notices may hold the security notice 'security.device_signed_out'.
 */
const added = 'security.device_signed_out';

/** The notice types the constraint allows now (each migration adds to what it finds, as 0077 does). */
async function noticeTypes(db: Kysely<unknown>): Promise<string[]> {
  const row = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint
    where conname = 'customer_notices_type_check'`.execute(db);
  const def = row.rows[0]?.def ?? '';
  return [...def.matchAll(/'([^']+)'::text/g)].map((m) => m[1] as string);
}

async function setNoticeTypes(db: Kysely<unknown>, types: string[]): Promise<void> {
  const list = sql.join(types.map((t) => sql.lit(t)));
  await sql`alter table customer_notices drop constraint customer_notices_type_check`.execute(db);
  await sql`alter table customer_notices add constraint customer_notices_type_check check (type in (${list}))`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table idp_session_sign_ins (
    id bigint generated always as identity primary key,
    user_id text not null references idp_users (id) on delete cascade,
    session_uid text not null check (length(session_uid) between 1 and 64),
    sign_in_id uuid not null unique,
    user_agent text check (length(user_agent) <= 512),
    ip text check (length(ip) <= 64),
    signed_in_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index idp_session_sign_ins_user_idx on idp_session_sign_ins (user_id, signed_in_at desc, id desc)`.execute(
    db,
  );
  await sql`create index idp_session_sign_ins_session_idx on idp_session_sign_ins (session_uid)`.execute(db);
  await sql`create table access_ended_sessions (
    subject text not null,
    session_id text not null check (length(session_id) between 1 and 64),
    ended_at timestamptz not null default now(),
    primary key (subject, session_id)
  )`.execute(db);
  const types = await noticeTypes(db);
  if (!types.includes(added)) await setNoticeTypes(db, [...types, added]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from customer_notices where type = ${added}`.execute(db);
  await setNoticeTypes(
    db,
    (await noticeTypes(db)).filter((t) => t !== added),
  );
  await sql`drop table access_ended_sessions`.execute(db);
  await sql`drop table idp_session_sign_ins`.execute(db);
}
