import { type Kysely, sql } from 'kysely';

/**
 * The customer record's version, kept by the database (issue 43, ADR 78). `GET /customers/me` is
 * the dashboard's most frequent call; its answer is built from the customer row, the subscription
 * with its plans, the plan its period was paid on (captured plan charges), the pause rows and the
 * notification choices. Each server process keeps the answers it built, and serves one again only
 * while the customer's count of rows here is what it was when the answer was read: every change
 * to a row the record is built from adds a row here, in the transaction that makes the change.
 *
 * Insert-only and counted, not a counter updated in place: a write takes no lock another write of
 * the same customer waits on (a counter row would order every such write, and any lock taken
 * before it, against every other), and a count cannot go back or be skipped by two transactions
 * committing out of order (a sequence's maximum could). The record query reads the count in its
 * own statement, so an answer and its version come from one snapshot.
 *
 * `derived` (db-grants.ts): written by the trigger functions, which run as the owner; the runtime
 * role only reads. No foreign key: a customers row is never deleted (an erasure empties it in
 * place, which counts as a change), so there is nothing to cascade, and a key check per insert
 * would be work for nothing.
 * TRUNCATE is not watched: only the owner may truncate, and a process restart empties the caches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table customer_record_changes (
    id bigint generated always as identity primary key,
    customer_id uuid not null,
    changed_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index customer_record_changes_customer on customer_record_changes (customer_id)`.execute(
    db,
  );

  // One row per changed row, naming its customer (a pause names its subscription's).
  await sql`
    create function customer_record_changed() returns trigger language plpgsql
      security definer set search_path = public, pg_temp as $$
    declare
      changed record;
      who uuid;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      if tg_table_name = 'customers' then
        who := changed.id;
      elsif tg_table_name = 'subscription_pauses' then
        select s.customer_id into who from subscriptions s where s.id = changed.subscription_id;
      else
        who := changed.customer_id;
      end if;
      if who is not null then
        insert into customer_record_changes (customer_id) values (who);
      end if;
      return null;
    end $$`.execute(db);

  // A plan's name or price is every subscriber's record (plans change by migration only).
  await sql`
    create function customer_record_plans_changed() returns trigger language plpgsql
      security definer set search_path = public, pg_temp as $$
    begin
      insert into customer_record_changes (customer_id) select distinct customer_id from subscriptions;
      return null;
    end $$`.execute(db);

  await sql`create trigger customers_record_changed after update on customers
    for each row when (old.* is distinct from new.*) execute function customer_record_changed()`.execute(db);
  // NOTE: no delete trigger: a customers row is never deleted (its guard refuses it, money rows
  // refer to it), so an identity reaches another row only once its own row was changed.
  for (const table of ['subscriptions', 'subscription_pauses', 'notification_preferences']) {
    await sql`create trigger ${sql.id(`${table}_record_changed`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function customer_record_changed()`.execute(db);
  }
  // Only plan charges are in the record (the plan its period was paid on); the monthly $3 are not.
  await sql`create trigger payment_attempts_record_inserted after insert on payment_attempts
    for each row when (new.kind = 'subscription') execute function customer_record_changed()`.execute(db);
  await sql`create trigger payment_attempts_record_changed after update on payment_attempts
    for each row when (new.kind = 'subscription' and old.* is distinct from new.*)
    execute function customer_record_changed()`.execute(db);
  await sql`create trigger payment_attempts_record_deleted after delete on payment_attempts
    for each row when (old.kind = 'subscription') execute function customer_record_changed()`.execute(db);
  await sql`create trigger plans_record_changed after update or delete on plans
    for each statement execute function customer_record_plans_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists plans_record_changed on plans`.execute(db);
  for (const trigger of ['inserted', 'changed', 'deleted']) {
    await sql`drop trigger if exists ${sql.id(`payment_attempts_record_${trigger}`)} on payment_attempts`.execute(
      db,
    );
  }
  for (const table of ['customers', 'subscriptions', 'subscription_pauses', 'notification_preferences']) {
    await sql`drop trigger if exists ${sql.id(`${table}_record_changed`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists customer_record_plans_changed()`.execute(db);
  await sql`drop function if exists customer_record_changed()`.execute(db);
  await sql`drop table if exists customer_record_changes`.execute(db);
}
