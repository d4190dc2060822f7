import { type Kysely, sql } from 'kysely';

/**
 * Refunds that say what they do (issue 28):
 * - `refunds.customer_message`: what staff chose to tell the customer; the reason stays internal
 *   (it was emailed word for word).
 * - `refunds.plan_ended_at`: when the refund ended the plan it paid for (the customer's email,
 *   activity and subscription screen say so instead of "the renewal payment did not go through").
 * - `idempotency_keys`: the first answer to a request with an Idempotency-Key, returned to every
 *   replay (status and body, as Stripe does), whatever the timing: a replay that arrives while
 *   the first request is still working waits for its answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refunds add column customer_message text
    check (customer_message is null or length(customer_message) between 1 and 500)`.execute(db);
  await sql`alter table refunds add column plan_ended_at timestamptz`.execute(db);
  // Refunds before this migration that ended their plan: the subscription ended at the refund.
  await sql`
    update refunds f set plan_ended_at = s.expires_at
    from payment_attempts a join subscriptions s on s.id = a.subscription_id
    where f.attempt_id = a.id and f.status = 'refunded' and s.status = 'inactive'
      and s.expires_at is not null and s.expires_at between f.created_at and f.updated_at`.execute(db);

  await sql`
    create table idempotency_keys (
      scope text not null,
      key text not null,
      -- What the request asked (a hash of its body): the same key with other parameters is refused.
      fingerprint text not null,
      response_status int,
      -- json, not jsonb: a replay gets the very bytes of the first answer (jsonb reorders keys).
      response_body json,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      primary key (scope, key),
      check ((response_status is null) = (completed_at is null))
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
  await sql`alter table refunds drop column plan_ended_at`.execute(db);
  await sql`alter table refunds drop column customer_message`.execute(db);
}
