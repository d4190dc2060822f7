import { type Kysely, sql } from 'kysely';

/**
 * Recovery codes for two-factor sign-in (issue 29): shown once when two-factor authentication is
 * turned on or the codes are renewed, kept only as SHA-256 hashes (each is 50 random bits, so a
 * fast hash is enough, as for reset links), and each works once (used_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idp_recovery_codes (
      id bigserial primary key,
      user_id text not null references idp_users(id) on delete cascade,
      code_hash text not null,
      created_at timestamptz not null default now(),
      used_at timestamptz,
      unique (user_id, code_hash)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idp_recovery_codes`.execute(db);
}
