import { type Kysely, sql } from 'kysely';

/**
 * Pause means one thing (issue 28, ADR 18): while a subscription is paused no card is charged
 * the monthly $3 (judged as at each 28th's due instant, like every other part of eligibility)
 * and the plan does not renew; charges already made are paid back as usual.
 *
 * - `subscription_pauses`: when each pause began and ended, by the engine's clock, so a pay-in
 *   run (scheduled, late or forced) judges "paused?" as at its due instant, not as now.
 *   Written by the subscriptions module only; the money engine reads it.
 * - Pausing and resuming send the customer a confirmation (customer notices).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table subscription_pauses (
      id bigserial primary key,
      subscription_id uuid not null references subscriptions(id),
      paused_at timestamptz not null,
      resumed_at timestamptz,
      paused_by text not null,
      resumed_by text,
      check (resumed_at is null or resumed_at >= paused_at),
      check ((resumed_at is null) = (resumed_by is null))
    )`.execute(db);
  // At most one pause open per subscription; a pay-in run looks pauses up by subscription.
  await sql`create unique index subscription_pauses_one_open on subscription_pauses (subscription_id)
    where resumed_at is null`.execute(db);
  await sql`create index subscription_pauses_subscription on subscription_pauses (subscription_id, paused_at)`.execute(
    db,
  );
  // Subscriptions paused before this migration: paused since their last change.
  await sql`
    insert into subscription_pauses (subscription_id, paused_at, paused_by)
    select id, updated_at, 'migration 0035' from subscriptions where not is_enabled`.execute(db);

  await sql`alter table customer_notices drop constraint customer_notices_type_check`.execute(db);
  await sql`alter table customer_notices add constraint customer_notices_type_check check (type in (
    'renewal.reminder', 'card.expiring', 'funding_card.expiring', 'subscription.cancelled', 'subscription.resumed',
    'subscription.paused', 'subscription.unpaused',
    'security.password_changed', 'security.password_reset', 'security.mfa_enabled', 'security.mfa_disabled',
    'security.passkey_added', 'security.passkey_removed'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from customer_notices where type in ('subscription.paused', 'subscription.unpaused')`.execute(
    db,
  );
  await sql`alter table customer_notices drop constraint customer_notices_type_check`.execute(db);
  await sql`alter table customer_notices add constraint customer_notices_type_check check (type in (
    'renewal.reminder', 'card.expiring', 'funding_card.expiring', 'subscription.cancelled', 'subscription.resumed',
    'security.password_changed', 'security.password_reset', 'security.mfa_enabled', 'security.mfa_disabled',
    'security.passkey_added', 'security.passkey_removed'))`.execute(db);
  await sql`drop table subscription_pauses`.execute(db);
}
