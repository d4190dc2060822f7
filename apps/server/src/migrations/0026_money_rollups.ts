import { type Kysely, sql } from 'kysely';

/**
 * Monthly roll-ups of the money rows (issue 16 §5): what the admin home and reconciliation read
 * instead of scanning a million attempts per request. Kept by statement-level triggers in the
 * same transaction as the money rows (a batch of 500 attempts is one aggregate, not 500 updates),
 * so they are never behind what is committed. Keys are sorted before the upsert: concurrent
 * batches lock roll-up rows in one order and cannot deadlock on them.
 *
 * - attempt_rollups: attempts by kind, period, New York month of creation and status.
 * - payout_rollups: pay-backs by period, New York month paid ('' until paid) and status.
 *
 * `billing:reconcile` still recomputes from the rows themselves; a test checks both agree.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table attempt_rollups (
      kind text not null,
      period text not null,
      month text not null,
      status text not null,
      n bigint not null,
      cents bigint not null,
      primary key (kind, period, month, status)
    )`.execute(db);
  await sql`
    create table payout_rollups (
      period text not null,
      paid_month text not null,
      status text not null,
      n bigint not null,
      cents bigint not null,
      primary key (period, paid_month, status)
    )`.execute(db);

  await sql`
    create function attempt_rollups_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        delete from attempt_rollups;
      elsif tg_op = 'INSERT' then
        insert into attempt_rollups as r (kind, period, month, status, n, cents)
        select kind, period, to_char(created_at at time zone 'America/New_York', 'YYYY-MM'), status,
               count(*), sum(amount_cents)
        from new_rows group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (kind, period, month, status)
          do update set n = r.n + excluded.n, cents = r.cents + excluded.cents;
      else
        insert into attempt_rollups as r (kind, period, month, status, n, cents)
        select kind, period, month, status, sum(n), sum(cents) from (
          select kind, period, to_char(created_at at time zone 'America/New_York', 'YYYY-MM') as month, status,
                 1 as n, amount_cents as cents
          from new_rows
          union all
          select kind, period, to_char(created_at at time zone 'America/New_York', 'YYYY-MM'), status,
                 -1, -amount_cents
          from old_rows) d
        group by 1, 2, 3, 4 having sum(n) <> 0 or sum(cents) <> 0 order by 1, 2, 3, 4
        on conflict (kind, period, month, status)
          do update set n = r.n + excluded.n, cents = r.cents + excluded.cents;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger payment_attempts_rollup_insert after insert on payment_attempts
    referencing new table as new_rows for each statement execute function attempt_rollups_apply()`.execute(
    db,
  );
  await sql`create trigger payment_attempts_rollup_update after update on payment_attempts
    referencing old table as old_rows new table as new_rows
    for each statement execute function attempt_rollups_apply()`.execute(db);
  await sql`create trigger payment_attempts_rollup_truncate after truncate on payment_attempts
    for each statement execute function attempt_rollups_apply()`.execute(db);

  await sql`
    create function payout_rollups_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        delete from payout_rollups;
      elsif tg_op = 'INSERT' then
        insert into payout_rollups as r (period, paid_month, status, n, cents)
        select period, coalesce(to_char(paid_at at time zone 'America/New_York', 'YYYY-MM'), ''), status,
               count(*), sum(amount_cents)
        from new_rows group by 1, 2, 3 order by 1, 2, 3
        on conflict (period, paid_month, status)
          do update set n = r.n + excluded.n, cents = r.cents + excluded.cents;
      else
        insert into payout_rollups as r (period, paid_month, status, n, cents)
        select period, paid_month, status, sum(n), sum(cents) from (
          select period, coalesce(to_char(paid_at at time zone 'America/New_York', 'YYYY-MM'), '') as paid_month,
                 status, 1 as n, amount_cents as cents
          from new_rows
          union all
          select period, coalesce(to_char(paid_at at time zone 'America/New_York', 'YYYY-MM'), ''), status,
                 -1, -amount_cents
          from old_rows) d
        group by 1, 2, 3 having sum(n) <> 0 or sum(cents) <> 0 order by 1, 2, 3
        on conflict (period, paid_month, status)
          do update set n = r.n + excluded.n, cents = r.cents + excluded.cents;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger payouts_rollup_insert after insert on payouts
    referencing new table as new_rows for each statement execute function payout_rollups_apply()`.execute(db);
  await sql`create trigger payouts_rollup_update after update on payouts
    referencing old table as old_rows new table as new_rows
    for each statement execute function payout_rollups_apply()`.execute(db);
  await sql`create trigger payouts_rollup_truncate after truncate on payouts
    for each statement execute function payout_rollups_apply()`.execute(db);

  // Registered cards (not removed), for the admin home's count: a counter like the others in
  // row_counts (migration 0012) instead of counting 100,000s of cards per request.
  await sql`
    create function row_counts_cards() returns trigger language plpgsql as $$
    declare
      delta bigint := 0;
    begin
      if tg_op = 'TRUNCATE' then
        update row_counts set n = 0 where name = 'cards:active';
        return null;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select delta + count(*) into delta from new_rows where removed_at is null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        select delta - count(*) into delta from old_rows where removed_at is null;
      end if;
      if delta <> 0 then
        update row_counts set n = n + delta where name = 'cards:active';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger cards_count_insert after insert on cards
    referencing new table as new_rows for each statement execute function row_counts_cards()`.execute(db);
  await sql`create trigger cards_count_update after update on cards
    referencing old table as old_rows new table as new_rows for each statement execute function row_counts_cards()`.execute(
    db,
  );
  await sql`create trigger cards_count_delete after delete on cards
    referencing old table as old_rows for each statement execute function row_counts_cards()`.execute(db);
  await sql`create trigger cards_count_truncate after truncate on cards
    for each statement execute function row_counts_cards()`.execute(db);
  await sql`insert into row_counts (name, n) select 'cards:active', count(*) from cards where removed_at is null`.execute(
    db,
  );

  // What is already there.
  await sql`
    insert into attempt_rollups (kind, period, month, status, n, cents)
    select kind, period, to_char(created_at at time zone 'America/New_York', 'YYYY-MM'), status, count(*), sum(amount_cents)
    from payment_attempts group by 1, 2, 3, 4`.execute(db);
  await sql`
    insert into payout_rollups (period, paid_month, status, n, cents)
    select period, coalesce(to_char(paid_at at time zone 'America/New_York', 'YYYY-MM'), ''), status, count(*),
           sum(amount_cents)
    from payouts group by 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['cards_count_insert', 'cards_count_update', 'cards_count_delete', 'cards_count_truncate'])
    await sql`drop trigger ${sql.raw(t)} on cards`.execute(db);
  await sql`drop function row_counts_cards()`.execute(db);
  await sql`delete from row_counts where name = 'cards:active'`.execute(db);
  for (const t of [
    'payment_attempts_rollup_insert',
    'payment_attempts_rollup_update',
    'payment_attempts_rollup_truncate',
  ])
    await sql`drop trigger ${sql.raw(t)} on payment_attempts`.execute(db);
  for (const t of ['payouts_rollup_insert', 'payouts_rollup_update', 'payouts_rollup_truncate'])
    await sql`drop trigger ${sql.raw(t)} on payouts`.execute(db);
  await sql`drop function attempt_rollups_apply()`.execute(db);
  await sql`drop function payout_rollups_apply()`.execute(db);
  await sql`drop table attempt_rollups`.execute(db);
  await sql`drop table payout_rollups`.execute(db);
}
