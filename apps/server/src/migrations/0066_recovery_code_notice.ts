import { type Kysely, sql } from 'kysely';

/**
 * A recovery code used to sign in is a security notice like MFA turned off (issue 29): the owner
 * of the account hears of it, with how many codes are left, once per sign-in.
 */
const before = `'renewal.reminder', 'card.expiring', 'funding_card.expiring', 'subscription.cancelled', 'subscription.resumed',
    'subscription.paused', 'subscription.unpaused',
    'security.password_changed', 'security.password_reset', 'security.mfa_enabled', 'security.mfa_disabled',
    'security.passkey_added', 'security.passkey_removed'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customer_notices drop constraint customer_notices_type_check`.execute(db);
  await sql`alter table customer_notices add constraint customer_notices_type_check check (type in (
    ${sql.raw(before)}, 'security.recovery_code_used'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from customer_notices where type = 'security.recovery_code_used'`.execute(db);
  await sql`alter table customer_notices drop constraint customer_notices_type_check`.execute(db);
  await sql`alter table customer_notices add constraint customer_notices_type_check check (type in (
    ${sql.raw(before)}))`.execute(db);
}
