import { type Kysely, sql } from 'kysely';

/**
 * The card limit counts Charge & Pay cards (issue 40): the spec's "Up to 3 cards per subscription"
 * are the cards charged the monthly $3, and "4 shown with the toggle" leaves room for one more
 * card that only pays for the plan (registered at checkout with "Use this card for Charge & Pay"
 * unticked). A customer with three Charge & Pay cards was refused that card ("You can register
 * at most 3 cards").
 *
 * - Four slots (`cards_active_slot_key` still gives each active card its own): at most 4 cards.
 * - At most 3 of them in Charge & Pay: checked after each statement that adds cards or changes
 *   them, over the customers it touched (one set-based query, so a bulk load of a million cards
 *   pays once, not per row). Two requests at once are kept apart by the customer's row lock the
 *   cards module's use cases take before they count (`lockCustomer`).
 *
 * The numbers are `MAX_CARDS_IN_ALL` and `MAX_CARDS` in @pria/contracts (tied by a test).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cards drop constraint cards_slot_check`.execute(db);
  await sql`alter table cards add constraint cards_slot_check check (slot between 1 and 4)`.execute(db);
  await sql`
    create function cards_charge_and_pay_limit() returns trigger language plpgsql as $$
    begin
      if exists (
        select 1 from (select distinct customer_id from changed where charge_and_pay and removed_at is null) t
        where (select count(*) from cards c
               where c.customer_id = t.customer_id and c.removed_at is null and c.charge_and_pay) > 3
      ) then
        raise exception 'at most 3 active cards in Charge & Pay per customer'
          using errcode = 'check_violation', constraint = 'cards_charge_and_pay_limit', table = 'cards';
      end if;
      return null;
    end $$`.execute(db);
  // One trigger per event: PostgreSQL allows a transition table only on a single-event trigger.
  await sql`
    create trigger cards_charge_and_pay_limit_insert after insert on cards
    referencing new table as changed for each statement execute function cards_charge_and_pay_limit()`.execute(
    db,
  );
  await sql`
    create trigger cards_charge_and_pay_limit_update after update on cards
    referencing new table as changed for each statement execute function cards_charge_and_pay_limit()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists cards_charge_and_pay_limit_insert on cards`.execute(db);
  await sql`drop trigger if exists cards_charge_and_pay_limit_update on cards`.execute(db);
  await sql`drop function if exists cards_charge_and_pay_limit()`.execute(db);
  await sql`alter table cards drop constraint cards_slot_check`.execute(db);
  await sql`alter table cards add constraint cards_slot_check check (slot between 1 and 3)`.execute(db);
}
