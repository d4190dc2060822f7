import { type Kysely, sql } from 'kysely';

/**
 * Pay-backs written once, with their first try's outcome (ADR 17). A payout run no longer writes
 * a `pending` payout per capture and then updates it: it lists the captures it owes in its chunks
 * (`attempts`), a drain that takes a chunk records which captures it pays back and the payout id
 * each gets (`sent_attempts`, `sent_payouts`, same positions), and the payout row is inserted when
 * the outcome is known (or `submitted` by the stale chunk's writer).
 *
 * Chunks of the previous kind (ranges of pending payout ids) are settled first: untaken ones are
 * dropped (their payouts stay `pending` and are claimed row by row); taken ones not written turn
 * their sent payouts still `pending` into `submitted` tries dated when taken, as their stale writer
 * would, for settling to look up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    with stale as (
      update payout_chunks set written_at = now()
      where taken_at is not null and written_at is null
      returning run_id, sent_payouts, taken_at
    ),
    sent as (select x.id, stale.run_id, stale.taken_at from stale cross join unnest(stale.sent_payouts) as x(id))
    update payouts p
    set status = 'submitted', tries = p.tries + 1, next_try_at = null, reference = 'payout:' || p.id || ':' || (p.tries + 1),
        billing_run_id = sent.run_id, updated_at = sent.taken_at
    from sent where p.id = sent.id and p.status = 'pending'`.execute(db);
  await sql`delete from payout_chunks where taken_at is null`.execute(db);
  await sql`
    alter table payout_chunks
      drop constraint payout_chunks_range,
      drop column first_payout,
      drop column last_payout,
      add column attempts uuid[],
      add column sent_attempts uuid[]`.execute(db);
  await sql`update payout_chunks set attempts = '{}' where attempts is null`.execute(db);
  await sql`alter table payout_chunks alter column attempts set not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Written chunks only keep history; the previous kind needs payout ranges, which these lack.
  await sql`update payout_chunks set written_at = coalesce(written_at, now())`.execute(db);
  await sql`
    alter table payout_chunks
      drop column attempts,
      drop column sent_attempts,
      add column first_payout uuid,
      add column last_payout uuid`.execute(db);
  await sql`update payout_chunks set first_payout = '00000000-0000-0000-0000-000000000000',
    last_payout = '00000000-0000-0000-0000-000000000000'`.execute(db);
  await sql`alter table payout_chunks alter column first_payout set not null, alter column last_payout set not null,
    add constraint payout_chunks_range check (first_payout <= last_payout)`.execute(db);
}
