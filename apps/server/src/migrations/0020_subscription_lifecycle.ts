import { type Kysely, sql } from 'kysely';

/**
 * The subscription lifecycle (issue 19):
 * - cancel online: a cancelled subscription does not renew; it stays active until its end date
 *   (the $3 charges continue and are paid back) and can be resumed until then;
 * - notices sent exactly once (renewal reminders, expiring cards, cancellation), each recorded by
 *   a unique key in the same transaction as its outbox rows;
 * - receipts: every captured plan charge gets a sequential receipt number, by trigger, in the
 *   transaction that records the capture.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscriptions
    add column cancelled_at timestamptz,
    add column cancelled_by text`.execute(db);
  // Renewals due (the tick) and reminders coming up read active subscriptions by end date.
  await sql`create index subscriptions_active_expires on subscriptions (expires_at) where status = 'active'`.execute(
    db,
  );

  await sql`
    create table customer_notices (
      id bigserial primary key,
      type text not null check (type in ('renewal.reminder', 'card.expiring', 'funding_card.expiring',
        'subscription.cancelled', 'subscription.resumed')),
      dedupe_key text not null unique,
      customer_id uuid not null references customers(id),
      subscription_id uuid references subscriptions(id),
      card_id uuid references cards(id),
      data jsonb not null default '{}',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index customer_notices_customer on customer_notices (customer_id, created_at desc)`.execute(
    db,
  );

  // Once-a-month sweeps (expiring cards) run once: the first tick of the month claims its row.
  await sql`
    create table notice_sweeps (
      name text not null,
      period text not null,
      done_at timestamptz not null default now(),
      primary key (name, period)
    )`.execute(db);

  await sql`
    create table receipts (
      number bigserial primary key,
      attempt_id uuid not null unique references payment_attempts(id),
      kind text not null check (kind in ('charge', 'refund')),
      issued_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create function receipts_for_captures() returns trigger language plpgsql as $$
    begin
      if new.kind = 'subscription' and new.status = 'captured'
         and (tg_op = 'INSERT' or old.status is distinct from 'captured') then
        insert into receipts (attempt_id, kind, issued_at) values (new.id, 'charge', now())
        on conflict (attempt_id) do nothing;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger receipts_for_captures after insert or update of status on payment_attempts
    for each row when (new.kind = 'subscription' and new.status = 'captured')
    execute function receipts_for_captures()`.execute(db);
  // Plan charges captured before receipts existed get theirs, in capture order.
  await sql`insert into receipts (attempt_id, kind, issued_at)
    select id, 'charge', updated_at from payment_attempts
    where kind = 'subscription' and status = 'captured' order by updated_at, id`.execute(db);
  await sql`create trigger receipts_no_delete before delete on receipts
    for each row execute function money_rows_refuse_delete()`.execute(db);

  await sql`alter table money_events drop constraint money_events_type_check`.execute(db);
  await sql`alter table money_events add constraint money_events_type_check check (type in
    ('charge.succeeded', 'charge.declined', 'charge.missed', 'payout.sent', 'payout.failed', 'payout.returned',
     'subscription.started', 'subscription.renewed', 'subscription.failed'))`.execute(db);
  // Subscribers are past onboarding, however they bought the plan (issue 19).
  await sql`update customers c set onboarding_index = 3
    where c.onboarding_index < 3 and exists (select 1 from subscriptions s
      where s.customer_id = c.id and s.expires_at is not null)`.execute(db);
  // A plan charge's event names its attempt, so its email can give the receipt number.
  await sql`alter table money_events add column attempt_id uuid references payment_attempts(id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table money_events drop column attempt_id`.execute(db);
  await sql`alter table money_events drop constraint money_events_type_check`.execute(db);
  await sql`alter table money_events add constraint money_events_type_check check (type in
    ('charge.succeeded', 'charge.declined', 'charge.missed', 'payout.sent', 'payout.failed', 'payout.returned',
     'subscription.renewed', 'subscription.failed'))`.execute(db);
  await sql`drop trigger if exists receipts_for_captures on payment_attempts`.execute(db);
  await sql`drop function if exists receipts_for_captures`.execute(db);
  await sql`drop table if exists receipts`.execute(db);
  await sql`drop table if exists notice_sweeps`.execute(db);
  await sql`drop table if exists customer_notices`.execute(db);
  await sql`drop index if exists subscriptions_active_expires`.execute(db);
  await sql`alter table subscriptions drop column cancelled_by, drop column cancelled_at`.execute(db);
}
