import { type Kysely, sql } from 'kysely';

/**
 * Account security: MFA in the built-in identity provider (enrolment tickets, sign-in
 * challenges, the enrolled method), notification preferences, account-deletion codes, and the
 * deleted_at marker on customers (the row stays, erased, so financial rows keep their key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('idp_users')
    .addColumn('mfa_type', 'text', (c) => c.check(sql`mfa_type in ('authenticator', 'sms', 'email')`))
    .addColumn('mfa_enrolled_at', 'timestamptz')
    .execute();

  // An enrolment ticket is the link the API hands out (?ticket=...): only its sha256 is kept.
  // The row also holds the enrolment in progress: the chosen method, the pending TOTP secret
  // (encrypted) or the hash of the code sent by SMS/email, and the wrong-code count.
  await db.schema
    .createTable('idp_mfa_tickets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('idp_users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('method', 'text', (c) => c.check(sql`method in ('authenticator', 'sms', 'email')`))
    .addColumn('pending_secret', 'text')
    .addColumn('code_hash', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('idp_mfa_tickets_user_idx').on('idp_mfa_tickets').column('user_id').execute();

  // The second step of one sign-in (one interaction): created once the password was right.
  await db.schema
    .createTable('idp_mfa_challenges')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('interaction_uid', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('idp_users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('authenticator', 'sms', 'email')`))
    .addColumn('code_hash', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('idp_mfa_challenges_user_idx')
    .on('idp_mfa_challenges')
    .columns(['user_id', 'created_at'])
    .execute();

  // No row means the default: every type by email, none by SMS.
  await db.schema
    .createTable('notification_preferences')
    .addColumn('customer_id', 'uuid', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('for_email', sql`text[]`, (c) => c.notNull())
    .addColumn('for_sms', sql`text[]`, (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('account_deletion_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('account_deletion_codes_customer_idx')
    .on('account_deletion_codes')
    .columns(['customer_id', 'created_at'])
    .execute();

  await db.schema.alterTable('customers').addColumn('deleted_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('deleted_at').execute();
  for (const t of [
    'account_deletion_codes',
    'notification_preferences',
    'idp_mfa_challenges',
    'idp_mfa_tickets',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.alterTable('idp_users').dropColumn('mfa_enrolled_at').dropColumn('mfa_type').execute();
}
