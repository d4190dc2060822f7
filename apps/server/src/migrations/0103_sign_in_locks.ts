import { type Kysely, sql } from 'kysely';

/**
 * The sign-in locks (issue 39, ADR 54), one row per lock and key: `address` counts wrong
 * passwords per submitted address (its SHA-256, so an address without an account is never stored
 * in clear), whether or not an account has it; `second-factor` counts wrong authenticator, SMS,
 * email and recovery codes and refused passkey assertions per account. Each attempt is counted
 * before it is checked (one upsert, row-locked), so concurrent guesses cannot exceed the limit.
 * The per-account counter on idp_users (failed_logins, locked_until) counted only addresses with
 * an account, which told an attacker which ones had one: it goes.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table idp_users
      add column failed_logins integer not null default 0,
      add column locked_until timestamptz`.execute(db);
  await sql`drop table idp_sign_in_locks`.execute(db);
}
