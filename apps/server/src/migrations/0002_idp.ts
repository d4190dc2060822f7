import { type Kysely, sql } from 'kysely';

/** Tables of the built-in OpenID Connect provider (apps/server/src/idp). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idp_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('password_hash', 'text')
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('roles', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{customer}'::text[]`))
    .addColumn('given_name', 'text')
    .addColumn('family_name', 'text')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('mfa_totp_secret', 'text')
    .addColumn('mfa_totp_last_step', 'bigint')
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('idp_users_email_key', ['email'])
    .execute();

  // oidc-provider's artefacts (sessions, grants, codes, tokens, interactions...).
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('account_id', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payloads_pkey', ['type', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_id_idx').on('oidc_payloads').column('grant_id').execute();
  await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').columns(['type', 'uid']).execute();
  await db.schema
    .createIndex('oidc_payloads_user_code_idx')
    .on('oidc_payloads')
    .columns(['type', 'user_code'])
    .execute();
  await db.schema
    .createIndex('oidc_payloads_account_id_idx')
    .on('oidc_payloads')
    .column('account_id')
    .execute();
  await db.schema
    .createIndex('oidc_payloads_expires_at_idx')
    .on('oidc_payloads')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('idp_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('idp_email_tokens')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('idp_users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('idp_email_tokens_user_idx').on('idp_email_tokens').column('user_id').execute();

  await db.schema
    .createTable('idp_sign_in_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('idp_users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('idp_sign_in_events_user_idx')
    .on('idp_sign_in_events')
    .columns(['user_id', 'at'])
    .execute();
  await db.schema
    .createIndex('idp_sign_in_events_ip_idx')
    .on('idp_sign_in_events')
    .columns(['ip', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['idp_sign_in_events', 'idp_email_tokens', 'idp_keys', 'oidc_payloads', 'idp_users']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
