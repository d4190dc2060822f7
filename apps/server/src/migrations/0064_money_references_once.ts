import { type Kysely, sql } from 'kysely';

/**
 * Every money reference defined once (issue 28 point 4). The processor's idempotency key of each
 * kind of money row was written as a string in TypeScript and concatenated in SQL in eight places;
 * these functions are the SQL definition, `modules/billing/references.ts` the TypeScript one, and
 * `references.test.ts` proves the two agree.
 *
 * - `pria_payin_reference(card, period)`: `payin:<card id>:<period>` (one pay-in per card and month)
 * - `pria_payout_reference(payout, try)`: `payout:<payout id>:<try>` (each try its own key)
 * - `pria_subscription_reference(attempt)`: `sub:<attempt id>` (a plan charge)
 * - `pria_refund_reference(refund)`: `refund:<refund id>`
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function pria_payin_reference(card uuid, period text) returns text
    language sql immutable parallel safe return 'payin:' || card || ':' || period`.execute(db);
  await sql`
    create function pria_payout_reference(payout uuid, try integer) returns text
    language sql immutable parallel safe return 'payout:' || payout || ':' || try`.execute(db);
  await sql`
    create function pria_subscription_reference(attempt uuid) returns text
    language sql immutable parallel safe return 'sub:' || attempt`.execute(db);
  await sql`
    create function pria_refund_reference(refund uuid) returns text
    language sql immutable parallel safe return 'refund:' || refund`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function pria_refund_reference(uuid)`.execute(db);
  await sql`drop function pria_subscription_reference(uuid)`.execute(db);
  await sql`drop function pria_payout_reference(uuid, integer)`.execute(db);
  await sql`drop function pria_payin_reference(uuid, text)`.execute(db);
}
