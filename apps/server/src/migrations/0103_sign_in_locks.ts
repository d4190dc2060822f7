import { type Kysely, sql } from 'kysely';

/**
 * The sign-in locks (issue 39, ADR 54), one row per lock and key: `address` counts wrong
 * passwords per submitted address (its SHA-256, so an address without an account is never stored
 * in clear), whether or not an account has it; `second-factor` counts wrong authenticator, SMS,
 * email and recovery codes and refused passkey assertions per account. Each attempt is counted
 * before it is checked (one upsert, row-locked), so concurrent guesses cannot exceed the limit.
 * The per-account counter on idp_users (failed_logins, locked_until) counted only addresses with
 * an account, which told an attacker which ones had one: it goes.
 *
 * Sign-up with an address that has an account no longer answers 409 (it shows "Check your email"
 * and emails the owner); the try is recorded in the owner's sign-in log as 'signup-taken', which
 * the Logs screen and the data export read in words (migration 0081's function, one case more;
 * the trigram index over it is rebuilt, as the function is part of its expression).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idp_sign_in_locks (
      lock text not null,
      key text not null,
      attempts integer not null default 0 check (attempts >= 0),
      window_started_at timestamptz not null default now(),
      locked_until timestamptz,
      primary key (lock, key)
    )`.execute(db);
  await sql`alter table idp_users drop column failed_logins, drop column locked_until`.execute(db);
  await signInStepWords(db, true);
}

async function signInStepWords(db: Kysely<unknown>, withSignUpTaken: boolean): Promise<void> {
  const signUpTaken = withSignUpTaken
    ? sql`when reason = 'signup-taken' then 'Sign-up tried with this address (it has an account)'`
    : sql``;
  await sql`
    create or replace function pria_sign_in_step(success boolean, reason text)
    returns text language sql immutable parallel safe as $$
      select case
               ${signUpTaken}
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
  await sql`reindex index idp_sign_in_events_message_trgm`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await signInStepWords(db, false);
  await sql`
    alter table idp_users
      add column failed_logins integer not null default 0,
      add column locked_until timestamptz`.execute(db);
  await sql`drop table idp_sign_in_locks`.execute(db);
}
