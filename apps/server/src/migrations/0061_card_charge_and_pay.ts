import { type Kysely, sql } from 'kysely';

/**
 * Whether a card takes part in the monthly $3 Charge & Pay (issue 29). A card registered to pay
 * for the plan at checkout used to join the monthly charges silently; now the customer chooses,
 * and a card that only pays for the plan is left out of every pay-in (billing's payinCards).
 * Every card registered before this joined Charge & Pay, hence the default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cards add column charge_and_pay boolean not null default true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cards drop column charge_and_pay`.execute(db);
}
