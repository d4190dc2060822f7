import { type Kysely, sql } from 'kysely';

/**
 * Trigram indexes behind the Logs screen's filter pattern (a substring anywhere), so a pattern
 * does not compute and scan every sign-in's message. event_log is matched on three columns
 * joined by OR, so each has its own index (the planner ORs the bitmaps).
 * NOTE: the sign-in expression is `signInMessage` in modules/admin/logs.repo.ts, verbatim: the
 * planner only uses an expression index for the identical expression.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index event_log_message_trgm on event_log using gin (message gin_trgm_ops)`.execute(db);
  await sql`create index event_log_stream_trgm on event_log using gin (stream gin_trgm_ops)`.execute(db);
  await sql`create index event_log_actor_trgm on event_log using gin ((coalesce(actor, '')) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index idp_sign_in_events_message_trgm on idp_sign_in_events using gin ((
    case when success then 'Sign-in succeeded: ' else 'Sign-in failed (' || coalesce(reason, 'unknown') || '): ' end
    || coalesce(email, user_id, 'unknown user') || coalesce(' from ' || ip, '')) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'event_log_message_trgm',
    'event_log_stream_trgm',
    'event_log_actor_trgm',
    'idp_sign_in_events_message_trgm',
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
}
