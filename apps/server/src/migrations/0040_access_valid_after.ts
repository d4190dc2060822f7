import { type Kysely, sql } from 'kysely';

/**
 * Revocation that reaches access tokens (issue 30): per token subject, the instant before which
 * its access tokens are no longer accepted. A password change or reset, an MFA change, a staff
 * disable or role change and "sign out everywhere" move it forward (never back); every API call
 * compares its token's `iat` with it (platform/access-valid-after.ts). Rows are kept for good,
 * including for deleted identities, so an old token never works again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table access_valid_after (
      subject text primary key,
      valid_after timestamptz not null,
      reason text not null check (length(reason) between 1 and 64),
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table access_valid_after`.execute(db);
}
