import { type Kysely, sql } from 'kysely';

/**
 * What a sign-in event says, defined once, in the database: `pria_sign_in_step` is the step in
 * words (the customer's data export shows it), `pria_sign_in_message` the Logs screen's line
 * (the step, whose, from where). The screen's query and the trigram index behind its filter
 * (migration 0013) both call the latter; inlined SQL functions are expanded in both, so the
 * planner still matches the index.
 *
 * Each step in its own words (issue 29): every successful step used to read "Sign-in
 * succeeded" on the Logs screen, a second-step code only sent and a password accepted before the
 * second step included; the export had its own words for the same steps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function pria_sign_in_step(success boolean, reason text)
    returns text language sql immutable parallel safe as $$
      select case
               when not success then 'Sign-in failed (' || coalesce(reason, 'unknown') || ')'
               when reason is null then 'Password accepted'
               when reason = 'signup' then 'Account created'
               when reason = 'passkey' then 'Signed in with a passkey'
               when reason = 'mfa' then 'Second step passed (code)'
               when reason = 'recovery code' then 'Second step passed (recovery code)'
               when reason = 'mfa-code-sent' then 'Second-step code sent'
               else 'Sign-in step passed (' || reason || ')'
             end
    $$`.execute(db);
  // NOTE: schema-qualified: an index build runs with a search path of pg_catalog only
  // (PostgreSQL 17+), and this body is evaluated by the index below.
  await sql`
    create function pria_sign_in_message(success boolean, reason text, email text, user_id text, ip text)
    returns text language sql immutable parallel safe as $$
      select public.pria_sign_in_step(success, reason) || ': '
             || coalesce(email, user_id, 'unknown user') || coalesce(' from ' || ip, '')
    $$`.execute(db);
  await sql`drop index if exists idp_sign_in_events_message_trgm`.execute(db);
  await sql`create index idp_sign_in_events_message_trgm on idp_sign_in_events using gin (
    (pria_sign_in_message(success, reason, email, user_id, ip)) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists idp_sign_in_events_message_trgm`.execute(db);
  await sql`drop function pria_sign_in_message`.execute(db);
  await sql`drop function pria_sign_in_step`.execute(db);
  await sql`create index idp_sign_in_events_message_trgm on idp_sign_in_events using gin ((
    case when success then 'Sign-in succeeded: ' else 'Sign-in failed (' || coalesce(reason, 'unknown') || '): ' end
    || coalesce(email, user_id, 'unknown user') || coalesce(' from ' || ip, '')) gin_trgm_ops)`.execute(db);
}
