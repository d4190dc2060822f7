import { type Kysely, sql } from 'kysely';

/**
 * A checkout's plan charge with no answer in its window is recorded `missed` (ADR 47): nothing
 * moved, and the customer may buy the plan again, the same New York day too. So a missed plan
 * charge no longer holds its period, as a declined one never did (the period is still paid at
 * most once: a missed charge moved no money).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payment_attempts_subscription_once`.execute(db);
  await sql`create unique index payment_attempts_subscription_once on payment_attempts (subscription_id, period)
    where kind = 'subscription' and status not in ('declined', 'missed') and plan_ended_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payment_attempts_subscription_once`.execute(db);
  await sql`create unique index payment_attempts_subscription_once on payment_attempts (subscription_id, period)
    where kind = 'subscription' and status <> 'declined' and plan_ended_at is null`.execute(db);
}
