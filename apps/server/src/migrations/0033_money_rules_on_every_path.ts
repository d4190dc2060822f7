import { type Kysely, sql } from 'kysely';

/**
 * The money engine's rules for staff and CLI paths too (issue 28), held by the database so that no
 * path (API, CLI, worker, a script) can get around them:
 *
 * - `pria_payin_due_at(period)` and `pria_payout_due_at(period)`: the instants of the schedule
 *   (the 28th and the 2nd after it, 16:00 New York), one SQL definition that a test compares with
 *   the TypeScript schedule (`billing-schedule.ts`) across DST changes and year ends.
 * - A pay-in run is never opened before its period's due instant (a forced run of a future month
 *   charged every card at once); a forced pay-back run only for a period whose pay-in ran.
 * - At most one open dispute per charge: the processor has one case per charge at a time, and a
 *   second notice must not withhold (or count) the money twice.
 * - No refund while a dispute of the charge is open: the chargeback already returns the money,
 *   and a refund on top pays the customer twice.
 * - A returned pay-back is never sent back to a card that returned it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function pria_payin_due_at(period text) returns timestamptz
    language sql immutable strict parallel safe
    return ((period || '-28 16:00:00')::timestamp at time zone 'America/New_York')`.execute(db);
  await sql`
    create function pria_payout_due_at(period text) returns timestamptz
    language sql immutable strict parallel safe
    return (((period || '-01')::date + interval '1 month' + interval '1 day' + interval '16 hours')::timestamp
            at time zone 'America/New_York')`.execute(db);

  await sql`
    create function billing_runs_rules() returns trigger language plpgsql as $$
    begin
      if new.kind = 'payin' and new.as_of < pria_payin_due_at(new.period) then
        raise exception 'billing_runs: the pay-in for % is not due until %', new.period, pria_payin_due_at(new.period)
          using errcode = 'check_violation', constraint = 'billing_runs_payin_not_before_due';
      end if;
      if new.kind = 'payout' and new.forced_at is not null
         and (tg_op = 'INSERT' or old.forced_at is distinct from new.forced_at)
         and not exists (select 1 from billing_runs r where r.kind = 'payin' and r.period = new.period) then
        raise exception 'billing_runs: no pay-in ran for %; nothing to pay back', new.period
          using errcode = 'check_violation', constraint = 'billing_runs_payout_after_payin';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger billing_runs_rules before insert or update of as_of, forced_at on billing_runs
    for each row execute function billing_runs_rules()`.execute(db);

  const duplicates = await sql<{ attempt_id: string }>`
    select attempt_id from disputes where status = 'open' group by attempt_id having count(*) > 1`.execute(
    db,
  );
  if (duplicates.rows.length > 0) {
    throw new Error(
      `disputes: charges with more than one open dispute (decide all but one first): ${duplicates.rows
        .map((r) => r.attempt_id)
        .join(', ')}`,
    );
  }
  await sql`create unique index disputes_one_open_per_charge on disputes (attempt_id) where status = 'open'`.execute(
    db,
  );

  await sql`
    create or replace function refunds_guard() returns trigger language plpgsql as $$
    declare a record; already bigint;
    begin
      if tg_op = 'UPDATE' then
        if new.attempt_id <> old.attempt_id or new.amount_cents <> old.amount_cents or new.card_id <> old.card_id
           or new.reference <> old.reference or new.request_key <> old.request_key then
          raise exception 'refunds: charge, amount, card, reference and request key are immutable';
        end if;
        return new;
      end if;
      select kind, status, amount_cents, card_id into a from payment_attempts where id = new.attempt_id for update;
      if a.status <> 'captured' then
        raise exception 'refunds: charge % is not captured', new.attempt_id;
      end if;
      if new.card_id <> a.card_id then
        raise exception 'refunds: a refund goes back to the card that was charged';
      end if;
      if exists (select 1 from disputes d where d.attempt_id = new.attempt_id and d.status = 'open') then
        raise exception 'refunds: charge % has an open dispute', new.attempt_id
          using errcode = 'check_violation', constraint = 'refunds_not_while_disputed';
      end if;
      select coalesce(sum(amount_cents), 0) into already from refunds
        where attempt_id = new.attempt_id and status <> 'failed';
      if already + new.amount_cents > a.amount_cents then
        raise exception 'refunds: % cents refunded would exceed the charge of %', already + new.amount_cents, a.amount_cents
          using errcode = 'check_violation', constraint = 'refunds_within_charge';
      end if;
      return new;
    end $$`.execute(db);

  await sql`
    create function payouts_not_to_returning_card() returns trigger language plpgsql as $$
    begin
      -- The charged card returned it (only a returned pay-back is sent elsewhere), and so did the
      -- card it was last sent to (the trigger runs only when that changes).
      if new.paid_to_card_id = old.card_id then
        raise exception 'payouts: a returned pay-back cannot go back to the card that returned it'
          using errcode = 'check_violation', constraint = 'payouts_not_to_returning_card';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger payouts_not_to_returning_card before update of paid_to_card_id on payouts
    for each row when (new.paid_to_card_id is distinct from old.paid_to_card_id)
    execute function payouts_not_to_returning_card()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger payouts_not_to_returning_card on payouts`.execute(db);
  await sql`drop function payouts_not_to_returning_card()`.execute(db);
  await sql`drop index disputes_one_open_per_charge`.execute(db);
  // The guard as migration 0021 wrote it (without the open-dispute rule).
  await sql`
    create or replace function refunds_guard() returns trigger language plpgsql as $$
    declare a record; already bigint;
    begin
      if tg_op = 'UPDATE' then
        if new.attempt_id <> old.attempt_id or new.amount_cents <> old.amount_cents or new.card_id <> old.card_id
           or new.reference <> old.reference or new.request_key <> old.request_key then
          raise exception 'refunds: charge, amount, card, reference and request key are immutable';
        end if;
        return new;
      end if;
      select kind, status, amount_cents, card_id into a from payment_attempts where id = new.attempt_id for update;
      if a.status <> 'captured' then
        raise exception 'refunds: charge % is not captured', new.attempt_id;
      end if;
      if new.card_id <> a.card_id then
        raise exception 'refunds: a refund goes back to the card that was charged';
      end if;
      select coalesce(sum(amount_cents), 0) into already from refunds
        where attempt_id = new.attempt_id and status <> 'failed';
      if already + new.amount_cents > a.amount_cents then
        raise exception 'refunds: % cents refunded would exceed the charge of %', already + new.amount_cents, a.amount_cents;
      end if;
      return new;
    end $$`.execute(db);
  await sql`drop trigger billing_runs_rules on billing_runs`.execute(db);
  await sql`drop function billing_runs_rules()`.execute(db);
  await sql`drop function pria_payout_due_at(text)`.execute(db);
  await sql`drop function pria_payin_due_at(text)`.execute(db);
}
