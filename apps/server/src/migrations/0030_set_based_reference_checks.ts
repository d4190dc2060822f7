import { type Kysely, sql } from 'kysely';

/**
 * A money row's references checked once per statement instead of once per row (ADR 17).
 *
 * A foreign key checks each inserted row with its own query and locks the row it points at
 * (FOR KEY SHARE: a write to the customer's, card's and subscription's pages per attempt); the
 * payout-matches-capture trigger ran a PL/pgSQL query per payout. Profiled with perf, these were
 * about a sixth of PostgreSQL's work per charge and per pay-back. The same rules now hold as:
 *
 * - Customers, cards, subscriptions and plans are never deleted (refused by a trigger, as money
 *   rows are; an account deletion anonymises its customer, a removed card keeps its row). A
 *   reference that existed when its row was written therefore exists for good, and no lock is
 *   needed to keep it so.
 * - An attempt's card and subscription must exist and belong to its customer (one probe each,
 *   which also proves the customer exists: both refer to it by a foreign key), its plan must
 *   exist: checked after each INSERT statement, set-based, over the rows it wrote (a bad one fails
 *   the statement with SQLSTATE 23503, as a foreign key would). They never change afterwards
 *   (payment_attempts_immutable, now covering subscription and plan too).
 * - A money event's attempt and refund must exist: the same way, instead of two foreign keys
 *   whose triggers ran for every event, even with the column empty (attempts and refunds are
 *   never deleted).
 * - A payout's capture must exist, be a captured pay-in, and have the payout's amount, card and
 *   customer: checked after each INSERT statement, set-based (its customer and card are then
 *   those of an attempt whose own references were checked). Attempt, amount, card, customer and
 *   instrument never change afterwards.
 * - NOTE: each check looks its references up by primary key, one probe per row written, as a
 *   scalar subquery: written as NOT EXISTS, PostgreSQL 18 hashes the whole referenced table
 *   once per statement instead (a sequential scan of every card per batch of attempts).
 * - The per-row triggers that stay fire only when they have something to check (WHEN clauses,
 *   evaluated without calling PL/pgSQL): a pay-back sent to another card, an attempt update that
 *   touches an immutable column.
 */
const ATTEMPT_FKS = [
  ['payment_attempts_customer_id_fkey', 'customer_id', 'customers'],
  ['payment_attempts_card_id_fkey', 'card_id', 'cards'],
  ['payment_attempts_subscription_id_fkey', 'subscription_id', 'subscriptions'],
  ['payment_attempts_plan_id_fkey', 'plan_id', 'plans'],
] as const;
const PAYOUT_FKS = [
  ['payouts_attempt_id_fkey', 'attempt_id', 'payment_attempts'],
  ['payouts_customer_id_fkey', 'customer_id', 'customers'],
  ['payouts_card_id_fkey', 'card_id', 'cards'],
] as const;
const EVENT_FKS = [
  ['money_events_attempt_id_fkey', 'attempt_id', 'payment_attempts'],
  ['money_events_refund_id_fkey', 'refund_id', 'refunds'],
] as const;
const NEVER_DELETED = ['customers', 'cards', 'subscriptions', 'plans'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function rows_refuse_delete() returns trigger language plpgsql as $$
    begin
      raise exception '%: rows that money rows refer to are never deleted', tg_table_name;
    end $$`.execute(db);
  for (const table of NEVER_DELETED) {
    await sql`create trigger ${sql.id(`${table}_no_delete`)} before delete on ${sql.id(table)}
      for each row execute function rows_refuse_delete()`.execute(db);
  }

  for (const [name] of ATTEMPT_FKS) {
    await sql`alter table payment_attempts drop constraint ${sql.id(name)}`.execute(db);
  }
  await sql`
    create function payment_attempts_references() returns trigger language plpgsql as $$
    declare bad uuid;
    begin
      select n.id into bad from new_rows n
      where (n.card_id is null and (select true from customers c where c.id = n.customer_id) is null)
         or (n.card_id is not null
             and (select k.customer_id = n.customer_id from cards k where k.id = n.card_id) is not true)
         or (n.subscription_id is not null
             and (select s.customer_id = n.customer_id from subscriptions s where s.id = n.subscription_id) is not true)
         or (n.plan_id is not null and (select true from plans p where p.id = n.plan_id) is null)
      limit 1;
      if found then
        raise exception using errcode = 'foreign_key_violation',
          message = format('payment_attempts: attempt %s refers to a customer, card, subscription or plan that does not exist or is not the customer''s', bad);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger payment_attempts_references after insert on payment_attempts
    referencing new table as new_rows for each statement execute function payment_attempts_references()`.execute(
    db,
  );
  await sql`
    create or replace function payment_attempts_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'payment_attempts: amount, card, kind, period, reference, customer, subscription and plan are immutable';
    end $$`.execute(db);
  await sql`drop trigger payment_attempts_immutable on payment_attempts`.execute(db);
  await sql`create trigger payment_attempts_immutable before update on payment_attempts for each row
    when (new.amount_cents is distinct from old.amount_cents or new.card_id is distinct from old.card_id
          or new.kind is distinct from old.kind or new.period is distinct from old.period
          or new.reference is distinct from old.reference or new.customer_id is distinct from old.customer_id
          or new.subscription_id is distinct from old.subscription_id or new.plan_id is distinct from old.plan_id)
    execute function payment_attempts_immutable()`.execute(db);

  for (const [name] of PAYOUT_FKS) {
    await sql`alter table payouts drop constraint ${sql.id(name)}`.execute(db);
  }
  await sql`drop trigger payouts_match_capture on payouts`.execute(db);
  await sql`drop function payouts_match_capture`.execute(db);
  await sql`
    create function payouts_match_capture() returns trigger language plpgsql as $$
    declare bad uuid;
    begin
      select n.attempt_id into bad from new_rows n
      where not coalesce((select a.kind = 'payin' and a.status = 'captured' and a.amount_cents = n.amount_cents
                                 and a.card_id = n.card_id and a.customer_id = n.customer_id
                          from payment_attempts a where a.id = n.attempt_id), false)
      limit 1;
      if found then
        raise exception using errcode = 'foreign_key_violation',
          message = format('payouts: attempt %s is not a captured pay-in of this amount, card and customer', bad);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger payouts_match_capture after insert on payouts
    referencing new table as new_rows for each statement execute function payouts_match_capture()`.execute(
    db,
  );
  await sql`
    create function payouts_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'payouts: attempt, amount, card, customer and instrument are immutable';
    end $$`.execute(db);
  await sql`create trigger payouts_immutable before update on payouts for each row
    when (new.attempt_id is distinct from old.attempt_id or new.amount_cents is distinct from old.amount_cents
          or new.card_id is distinct from old.card_id or new.customer_id is distinct from old.customer_id
          or new.instrument_id is distinct from old.instrument_id)
    execute function payouts_immutable()`.execute(db);
  await sql`drop trigger payouts_paid_to_own_card on payouts`.execute(db);
  await sql`create trigger payouts_paid_to_own_card before insert or update of paid_to_card_id on payouts
    for each row when (new.paid_to_card_id is not null) execute function payouts_paid_to_own_card()`.execute(
    db,
  );

  for (const [name] of EVENT_FKS) {
    await sql`alter table money_events drop constraint ${sql.id(name)}`.execute(db);
  }
  await sql`
    create function money_events_references() returns trigger language plpgsql as $$
    declare bad bigint;
    begin
      select n.id into bad from new_rows n
      where (n.attempt_id is not null and (select true from payment_attempts a where a.id = n.attempt_id) is null)
         or (n.refund_id is not null and (select true from refunds r where r.id = n.refund_id) is null)
      limit 1;
      if found then
        raise exception using errcode = 'foreign_key_violation',
          message = format('money_events: event %s refers to an attempt or refund that does not exist', bad);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger money_events_references after insert on money_events
    referencing new table as new_rows for each statement execute function money_events_references()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger money_events_references on money_events`.execute(db);
  await sql`drop function money_events_references`.execute(db);
  for (const [name, column, target] of EVENT_FKS) {
    await sql`alter table money_events add constraint ${sql.id(name)}
      foreign key (${sql.id(column)}) references ${sql.id(target)}(id)`.execute(db);
  }
  await sql`drop trigger payouts_paid_to_own_card on payouts`.execute(db);
  await sql`create trigger payouts_paid_to_own_card before insert or update of paid_to_card_id on payouts
    for each row execute function payouts_paid_to_own_card()`.execute(db);
  await sql`drop trigger payouts_immutable on payouts`.execute(db);
  await sql`drop function payouts_immutable`.execute(db);
  await sql`drop trigger payouts_match_capture on payouts`.execute(db);
  await sql`drop function payouts_match_capture`.execute(db);
  await sql`
    create function payouts_match_capture() returns trigger language plpgsql as $$
    declare a record;
    begin
      select amount_cents, card_id, status, kind into a from payment_attempts where id = new.attempt_id;
      if a.kind <> 'payin' or a.status <> 'captured' then
        raise exception 'payouts: attempt % is not a captured pay-in', new.attempt_id;
      end if;
      if new.amount_cents <> a.amount_cents or new.card_id <> a.card_id then
        raise exception 'payouts: amount and card must equal the capture''s';
      end if;
      if tg_op = 'UPDATE' and (new.attempt_id <> old.attempt_id or new.amount_cents <> old.amount_cents
          or new.card_id <> old.card_id or new.instrument_id <> old.instrument_id) then
        raise exception 'payouts: attempt, amount, card and instrument are immutable';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger payouts_match_capture
    before insert or update of attempt_id, amount_cents, card_id, instrument_id on payouts
    for each row execute function payouts_match_capture()`.execute(db);
  for (const [name, column, target] of PAYOUT_FKS) {
    await sql`alter table payouts add constraint ${sql.id(name)}
      foreign key (${sql.id(column)}) references ${sql.id(target)}(id)`.execute(db);
  }

  await sql`drop trigger payment_attempts_immutable on payment_attempts`.execute(db);
  await sql`
    create or replace function payment_attempts_immutable() returns trigger language plpgsql as $$
    begin
      if new.amount_cents <> old.amount_cents or new.card_id <> old.card_id or new.kind <> old.kind
         or new.period <> old.period or new.reference <> old.reference or new.customer_id <> old.customer_id then
        raise exception 'payment_attempts: amount, card, kind, period, reference and customer are immutable';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger payment_attempts_immutable before update on payment_attempts
    for each row execute function payment_attempts_immutable()`.execute(db);
  await sql`drop trigger payment_attempts_references on payment_attempts`.execute(db);
  await sql`drop function payment_attempts_references`.execute(db);
  for (const [name, column, target] of ATTEMPT_FKS) {
    await sql`alter table payment_attempts add constraint ${sql.id(name)}
      foreign key (${sql.id(column)}) references ${sql.id(target)}(id)`.execute(db);
  }

  for (const table of NEVER_DELETED) {
    await sql`drop trigger ${sql.id(`${table}_no_delete`)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop function rows_refuse_delete`.execute(db);
}
