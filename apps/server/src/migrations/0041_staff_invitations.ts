import { type Kysely, sql } from 'kysely';

/**
 * Staff invitations as their own records (issue 30): who invited whom, with which role, until
 * when, and what became of it (accepted, revoked, or replaced by a new link). A person has at
 * most one live link; resending replaces it, so the old one stops working. Only the link's
 * sha256 is stored. Links issued before this migration (idp_email_tokens, purpose
 * 'staff-invite') move here, the latest per person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_invitations (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references idp_users(id) on delete cascade,
      email text not null,
      role text not null check (role in ('support', 'finance', 'admin')),
      token_hash text not null unique,
      invited_by text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_at timestamptz,
      revoked_at timestamptz,
      revoked_by text,
      revoked_reason text check (revoked_reason in ('revoked', 'replaced')),
      check ((revoked_at is null) = (revoked_reason is null)),
      check (accepted_at is null or revoked_at is null)
    )`.execute(db);
  await sql`create index staff_invitations_user on staff_invitations (user_id, created_at desc)`.execute(db);
  await sql`create unique index staff_invitations_one_live on staff_invitations (user_id)
    where accepted_at is null and revoked_at is null`.execute(db);
  await sql`
    insert into staff_invitations (user_id, email, role, token_hash, invited_by, created_at, expires_at, accepted_at)
    select distinct on (t.user_id) t.user_id, t.email,
      coalesce((select r from unnest(u.roles) r where r in ('admin', 'finance', 'support')
                order by array_position(array['admin', 'finance', 'support'], r) limit 1), 'support'),
      t.token_hash, 'unknown (invited before issue 30)', t.created_at, t.expires_at, t.used_at
    from idp_email_tokens t join idp_users u on u.id = t.user_id
    where t.purpose = 'staff-invite'
    order by t.user_id, t.created_at desc`.execute(db);
  await sql`delete from idp_email_tokens where purpose = 'staff-invite'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table staff_invitations`.execute(db);
}
