import { type Kysely, sql } from 'kysely';

/**
 * Issue 29 (the staff screens):
 *
 * - A charge is verified only once it was captured (spec §5 limits Verify to charges; a declined
 *   $3 moved no money and could be marked Verified). `verifyTransactions` refuses the rest; this
 *   check holds the rule for every path. Rows verified before it, not captured, lose the mark,
 *   and the event log says which.
 * - A sign-in step recorded without the address (a second factor, a passkey, a recovery code)
 *   read "auth|f8dd213c-…" on the Logs screen: the address of the account is filled in, as
 *   `recordEvent` now does when it records one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const unverified = await sql<{ id: string; status: string; verified_by: string | null }>`
    update payment_attempts set is_verified = false, verified_at = null, verified_by = null, updated_at = now()
    where is_verified and status <> 'captured'
    returning id, status, verified_by`.execute(db);
  const n = unverified.rows.length;
  if (n > 0) {
    await sql`insert into event_log (stream, actor, message, data) values ('admin', 'migration 0079',
      ${`Unverified ${n} ${n === 1 ? 'charge' : 'charges'} that ${n === 1 ? 'was' : 'were'} never captured`},
      ${JSON.stringify({ charges: unverified.rows })})`.execute(db);
  }
  await sql`alter table payment_attempts add constraint payment_attempts_verified_only_captured
    check (not is_verified or status = 'captured')`.execute(db);

  await sql`update idp_sign_in_events s set email = u.email
    from idp_users u where s.email is null and s.user_id = u.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_attempts drop constraint payment_attempts_verified_only_captured`.execute(db);
}
