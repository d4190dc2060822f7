import { type Kysely, sql } from 'kysely';

/**
 * Row counts the admin lists show ("1,000,000 transactions, page 1 of 100,000") kept by
 * statement-level triggers, so an unfiltered list does not count a million rows per request
 * (an exact count(*) cost 60-130 ms at that size). Filtered lists still count what matches,
 * through their indexes.
 *
 * NOTE: statement-level triggers with transition tables: a set-based insert of 100,000 billing
 * attempts updates a counter once, not 100,000 times. A counter row stays locked until its
 * transaction commits, so concurrent inserts of the same kind queue on it briefly; money rows
 * are inserted in a few set-based statements per run, customers one per sign-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table row_counts (name text primary key, n bigint not null)`.execute(db);

  await sql`
    create function row_counts_payment_attempts() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        update row_counts set n = 0 where name like 'payment_attempts:%';
      elsif tg_op = 'INSERT' then
        update row_counts r set n = r.n + d.n
        from (select 'payment_attempts:' || kind as name, count(*) as n from new_rows group by kind) d
        where r.name = d.name;
      else
        update row_counts r set n = r.n - d.n
        from (select 'payment_attempts:' || kind as name, count(*) as n from old_rows group by kind) d
        where r.name = d.name;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger payment_attempts_count_insert after insert on payment_attempts
    referencing new table as new_rows for each statement execute function row_counts_payment_attempts()`.execute(
    db,
  );
  await sql`create trigger payment_attempts_count_delete after delete on payment_attempts
    referencing old table as old_rows for each statement execute function row_counts_payment_attempts()`.execute(
    db,
  );
  await sql`create trigger payment_attempts_count_truncate after truncate on payment_attempts
    for each statement execute function row_counts_payment_attempts()`.execute(db);

  await sql`
    create function row_counts_payouts() returns trigger language plpgsql as $$
    declare
      delta bigint;
    begin
      if tg_op = 'TRUNCATE' then
        update row_counts set n = 0 where name = 'payouts';
        return null;
      elsif tg_op = 'INSERT' then
        select count(*) into delta from new_rows;
      else
        select -count(*) into delta from old_rows;
      end if;
      if delta <> 0 then
        update row_counts set n = n + delta where name = 'payouts';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger payouts_count_insert after insert on payouts
    referencing new table as new_rows for each statement execute function row_counts_payouts()`.execute(db);
  await sql`create trigger payouts_count_delete after delete on payouts
    referencing old table as old_rows for each statement execute function row_counts_payouts()`.execute(db);
  await sql`create trigger payouts_count_truncate after truncate on payouts
    for each statement execute function row_counts_payouts()`.execute(db);

  // Customers are counted as active (deleted_at is null) and deleted; an update that deletes
  // (or restores) moves the count from one to the other, any other update touches no counter.
  await sql`
    create function row_counts_customers() returns trigger language plpgsql as $$
    declare
      active bigint := 0;
      deleted bigint := 0;
    begin
      if tg_op = 'TRUNCATE' then
        update row_counts set n = 0 where name like 'customers:%';
        return null;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select active + count(*) filter (where deleted_at is null), deleted + count(*) filter (where deleted_at is not null)
          into active, deleted from new_rows;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        select active - count(*) filter (where deleted_at is null), deleted - count(*) filter (where deleted_at is not null)
          into active, deleted from old_rows;
      end if;
      if active <> 0 then
        update row_counts set n = n + active where name = 'customers:active';
      end if;
      if deleted <> 0 then
        update row_counts set n = n + deleted where name = 'customers:deleted';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger customers_count_insert after insert on customers
    referencing new table as new_rows for each statement execute function row_counts_customers()`.execute(db);
  await sql`create trigger customers_count_update after update on customers
    referencing old table as old_rows new table as new_rows for each statement execute function row_counts_customers()`.execute(
    db,
  );
  await sql`create trigger customers_count_delete after delete on customers
    referencing old table as old_rows for each statement execute function row_counts_customers()`.execute(db);
  await sql`create trigger customers_count_truncate after truncate on customers
    for each statement execute function row_counts_customers()`.execute(db);

  // Counts of what is already there (the triggers above see only what comes after).
  await sql`
    insert into row_counts (name, n)
    select 'payment_attempts:payin', count(*) from payment_attempts where kind = 'payin'
    union all select 'payment_attempts:subscription', count(*) from payment_attempts where kind = 'subscription'
    union all select 'payouts', count(*) from payouts
    union all select 'customers:active', count(*) from customers where deleted_at is null
    union all select 'customers:deleted', count(*) from customers where deleted_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, triggers] of [
    ['payment_attempts', ['insert', 'delete', 'truncate']],
    ['payouts', ['insert', 'delete', 'truncate']],
    ['customers', ['insert', 'update', 'delete', 'truncate']],
  ] as const) {
    for (const t of triggers) {
      await sql`drop trigger if exists ${sql.id(`${table}_count_${t}`)} on ${sql.id(table)}`.execute(db);
    }
  }
  await sql`drop function if exists row_counts_payment_attempts()`.execute(db);
  await sql`drop function if exists row_counts_payouts()`.execute(db);
  await sql`drop function if exists row_counts_customers()`.execute(db);
  await sql`drop table if exists row_counts`.execute(db);
}
