import { type Kysely, sql } from 'kysely';

/**
 * Account recovery on the built-in provider (issue 18):
 * - idp_recovery_requests: every "forgot password" request (known address or not), counted per
 *   address and per client IP over the last hour to throttle them, as sign-ins are throttled
 *   from idp_sign_in_events. The reset links themselves are idp_email_tokens rows with purpose
 *   'reset-password' (only the SHA-256 of the token is stored).
 * - customer_notices: security notices (password changed or reset, MFA on or off), sent once
 *   each by their unique key like the lifecycle notices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idp_recovery_requests (
      id bigserial primary key,
      email text not null,
      ip text,
      user_id text references idp_users(id) on delete cascade,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index idp_recovery_requests_email on idp_recovery_requests (email, at)`.execute(db);
  await sql`create index idp_recovery_requests_ip on idp_recovery_requests (ip, at)`.execute(db);
  await sql`create index idp_email_tokens_user_purpose on idp_email_tokens (user_id, purpose) where used_at is null`.execute(
    db,
  );

  await sql`alter table customer_notices drop constraint customer_notices_type_check`.execute(db);
  await sql`alter table customer_notices add constraint customer_notices_type_check check (type in (
    'renewal.reminder', 'card.expiring', 'funding_card.expiring', 'subscription.cancelled', 'subscription.resumed',
    'security.password_changed', 'security.password_reset', 'security.mfa_enabled', 'security.mfa_disabled'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from customer_notices where type like 'security.%'`.execute(db);
  await sql`alter table customer_notices drop constraint customer_notices_type_check`.execute(db);
  await sql`alter table customer_notices add constraint customer_notices_type_check check (type in (
    'renewal.reminder', 'card.expiring', 'funding_card.expiring', 'subscription.cancelled', 'subscription.resumed'))`.execute(
    db,
  );
  await sql`drop index if exists idp_email_tokens_user_purpose`.execute(db);
  await sql`drop table if exists idp_recovery_requests`.execute(db);
}
