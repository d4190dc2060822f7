import { type Kysely, sql } from 'kysely';

/**
 * The plan a customer picked in onboarding's plan step (issue 29): kept with the customer, not
 * only in the page's memory, so the checkout after a reload or a later visit shows, and charges,
 * the plan they chose (a reload used to fall back to the last plan listed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers add column selected_plan_id text references plans(id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers drop column selected_plan_id`.execute(db);
}
