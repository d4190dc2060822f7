import { type Kysely, sql } from 'kysely';

/**
 * Fewer lookups per money row (ADR 17, after migration 0030).
 *
 * - An attempt's card and subscription must belong to the attempt's customer: one probe each,
 *   which also proves the customer exists (cards and subscriptions refer to their customer by a
 *   foreign key, and customers are never deleted). A pay-in made two probes plus one for the
 *   customer; now two in all, and the rule is stronger.
 * - A money event's attempt and refund must exist: checked once per INSERT statement instead of
 *   by two foreign keys whose triggers ran once per event even when the column is empty
 *   (attempts and refunds are never deleted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function payment_attempts_references() returns trigger language plpgsql as $$
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

  await sql`alter table money_events drop constraint money_events_attempt_id_fkey,
    drop constraint money_events_refund_id_fkey`.execute(db);
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
  await sql`alter table money_events add constraint money_events_attempt_id_fkey
    foreign key (attempt_id) references payment_attempts(id)`.execute(db);
  await sql`alter table money_events add constraint money_events_refund_id_fkey
    foreign key (refund_id) references refunds(id)`.execute(db);
  await sql`
    create or replace function payment_attempts_references() returns trigger language plpgsql as $$
    declare bad uuid;
    begin
      select n.id into bad from new_rows n
      where (select true from customers c where c.id = n.customer_id) is null
         or (n.card_id is not null and (select true from cards k where k.id = n.card_id) is null)
         or (n.subscription_id is not null
             and (select true from subscriptions s where s.id = n.subscription_id) is null)
         or (n.plan_id is not null and (select true from plans p where p.id = n.plan_id) is null)
      limit 1;
      if found then
        raise exception using errcode = 'foreign_key_violation',
          message = format('payment_attempts: attempt %s refers to a customer, card, subscription or plan that does not exist', bad);
      end if;
      return null;
    end $$`.execute(db);
}
