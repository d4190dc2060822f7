import { type Kysely, sql } from 'kysely';

/**
 * The payout-matches-capture check only needs to run when a payout is written or its money
 * columns change; status updates (every claim and every outcome) no longer pay for a lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger payouts_match_capture on payouts`.execute(db);
  await sql`create trigger payouts_match_capture
    before insert or update of attempt_id, amount_cents, card_id, instrument_id on payouts
    for each row execute function payouts_match_capture()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger payouts_match_capture on payouts`.execute(db);
  await sql`create trigger payouts_match_capture before insert or update on payouts
    for each row execute function payouts_match_capture()`.execute(db);
}
