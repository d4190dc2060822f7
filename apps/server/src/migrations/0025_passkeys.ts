import { type Kysely, sql } from 'kysely';

/**
 * Passkeys (issue 18): WebAuthn credentials of the built-in provider's users, and the one-time
 * challenges of registration and sign-in ceremonies (single use: `used_at` is set by the
 * verification that consumes it, and a second verification finds none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idp_passkeys (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references idp_users(id) on delete cascade,
      credential_id text not null unique,
      public_key bytea not null,
      counter bigint not null default 0 check (counter >= 0),
      transports text[] not null default '{}',
      name text not null check (length(name) between 1 and 64),
      device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
      backed_up boolean not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`create index idp_passkeys_user on idp_passkeys (user_id)`.execute(db);
  await sql`
    create table idp_webauthn_challenges (
      challenge text primary key,
      purpose text not null check (purpose in ('register', 'authenticate')),
      user_id text references idp_users(id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      check (purpose = 'authenticate' or user_id is not null)
    )`.execute(db);
  // Adding or removing a passkey is a security notice like a password change (once per event).
  await sql`alter table customer_notices drop constraint customer_notices_type_check`.execute(db);
  await sql`alter table customer_notices add constraint customer_notices_type_check check (type in (
    'renewal.reminder', 'card.expiring', 'funding_card.expiring', 'subscription.cancelled', 'subscription.resumed',
    'security.password_changed', 'security.password_reset', 'security.mfa_enabled', 'security.mfa_disabled',
    'security.passkey_added', 'security.passkey_removed'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idp_webauthn_challenges`.execute(db);
  await sql`drop table idp_passkeys`.execute(db);
}
