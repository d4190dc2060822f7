import { type Kysely, sql } from 'kysely';

/**
 * cards.card_fingerprint (issue 40's walk): the processor's name for the card number
 * (gateways/payments/port.ts `Instrument.fingerprint`), never the number. A customer's active cards
 * have different numbers: the same card registered twice would be charged the monthly $3 twice in
 * one period. Cards from before have none (nothing to compare); an erased account's are cleared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cards add column card_fingerprint text
    check (card_fingerprint is null or length(card_fingerprint) between 1 and 128)`.execute(db);
  await sql`create unique index cards_active_fingerprint_key on cards (customer_id, card_fingerprint)
    where removed_at is null and card_fingerprint is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists cards_active_fingerprint_key`.execute(db);
  await sql`alter table cards drop column if exists card_fingerprint`.execute(db);
}
