import { type Kysely, sql } from 'kysely';

/**
 * Every function of the schema, once, in its final form (issue 38, ADR 57). Migrations before
 * this one are history: a function was written, then rewritten by later ones
 * (`payment_attempts_immutable` in 0005, 0030 and 0074 before 0090 replaced it; `refunds_guard`
 * copied whole from 0021 into 0033 before 0090 made it the refunds' state machine guard; the
 * references in 0064 and 0067; `row_counts_customers` in 0012 and 0062; `pria_sign_in_step` in 0081
 * and 0103). Here each is written again as the schema holds it, so one file says what every
 * trigger and rule of the database does; a later migration that changes one replaces it there
 * and says so. `schema-functions.test.ts` holds the schema to it: every function is one written
 * here or later, every trigger function is used by a trigger, each guard exists once.
 *
 * One rule changes: a refund is refused once the cardholder's bank took the charge back (a
 * dispute lost), as while it is taking it back (open): a refund then would pay the customer twice
 * (`refunds_charge_rules`, the twin of `billing/refunds/refundable.ts`). A charge that is not
 * captured is refused under a constraint name, as the other refusals are. Every other function is
 * written as it was: the same body, so `create or replace` changes nothing else. Nothing is
 * dropped: 0090 dropped the last functions no trigger used (`payment_attempts_immutable`,
 * `payouts_immutable`).
 */

/**
 * The money state machines (migration 0090, ADR 46): the one refusal every guard makes, the
 * compiler of the moves from `money_state_transitions` (it writes `pria_money_move` and
 * `pria_money_final`, which are therefore not written here), and each money table's guard:
 * called only to refuse, by a trigger whose WHEN clause holds the whole check (0090).
 */
const stateMachines: readonly string[] = [
  `
    create or replace function pria_refuse_money_move(machine text, was text, becomes text, outcome_changed boolean,
                                                      outcome text) returns void language plpgsql as $$
    begin
      if was is distinct from becomes and not pria_money_move(machine, was, becomes) then
        raise exception using errcode = 'check_violation', constraint = machine || '_transition',
          message = format('%s: %s -> %s is not allowed%s', machine, was, becomes,
                           case when pria_money_final(machine, was) then format(' (%s is final)', was) else '' end);
      end if;
      if outcome_changed and pria_money_final(machine, was) then
        raise exception using errcode = 'check_violation', constraint = machine || '_written_once',
          message = format('%s: %s is final; its %s are written once', machine, was, outcome);
      end if;
    end $$`,
  `
    create or replace function pria_compile_money_moves() returns trigger language plpgsql as $$
    declare moves text[]; exits text[];
    begin
      select coalesce(array_agg(table_name || ': ' || from_status || ' -> ' || to_status
                                order by table_name, from_status, to_status), '{}'),
             coalesce(array_agg(distinct table_name || ': ' || from_status), '{}')
        into moves, exits
      from money_state_transitions;
      execute format($f$
        create or replace function pria_money_move(machine text, was text, becomes text) returns boolean
        language sql immutable parallel safe as $b$
          select machine || ': ' || was || ' -> ' || becomes = any (%L::text[]) $b$ $f$, moves);
      execute format($f$
        create or replace function pria_money_final(machine text, state text) returns boolean
        language sql immutable parallel safe as $b$
          select not (machine || ': ' || state = any (%L::text[])) $b$ $f$, exits);
      return null;
    end $$`,
  `
    create or replace function payment_attempts_guard() returns trigger language plpgsql as $$
    begin
      if (new.amount_cents, new.card_id, new.kind, new.period, new.reference, new.customer_id, new.subscription_id, new.plan_id) is distinct from (old.amount_cents, old.card_id, old.kind, old.period, old.reference, old.customer_id, old.subscription_id, old.plan_id) then
        raise exception 'payment_attempts: amount, card, kind, period, reference, customer, subscription and plan are immutable';
      end if;
      perform pria_refuse_money_move('payment_attempts', old.status, new.status, (new.settled_at, new.sent_at, new.gateway_transaction_id, new.decline_reason) is distinct from (old.settled_at, old.sent_at, old.gateway_transaction_id, old.decline_reason),
                                     'settled_at, sent_at, gateway_transaction_id, decline_reason');
      return new;
    end $$`,
  `
    create or replace function payouts_guard() returns trigger language plpgsql as $$
    begin
      if (new.attempt_id, new.amount_cents, new.card_id, new.customer_id, new.instrument_id) is distinct from (old.attempt_id, old.amount_cents, old.card_id, old.customer_id, old.instrument_id) then
        raise exception 'payouts: attempt, amount, card, customer and instrument are immutable';
      end if;
      perform pria_refuse_money_move('payouts', old.status, new.status, (new.paid_at, new.settled_at, new.sent_at, new.gateway_transaction_id, new.last_error, new.reference, new.tries, new.paid_to_card_id) is distinct from (old.paid_at, old.settled_at, old.sent_at, old.gateway_transaction_id, old.last_error, old.reference, old.tries, old.paid_to_card_id),
                                     'paid_at, settled_at, sent_at, gateway_transaction_id, last_error, reference, tries, paid_to_card_id');
      return new;
    end $$`,
  `
    create or replace function payout_tries_guard() returns trigger language plpgsql as $$
    begin
      if (new.payout_id, new.try_no, new.reference, new.instrument_id) is distinct from (old.payout_id, old.try_no, old.reference, old.instrument_id) then
        raise exception 'payout_tries: pay-back, try number, reference and instrument are immutable';
      end if;
      perform pria_refuse_money_move('payout_tries', old.outcome, new.outcome, (new.reason) is distinct from (old.reason),
                                     'reason');
      return new;
    end $$`,
  `
    create or replace function refunds_guard() returns trigger language plpgsql as $$
    begin
      if (new.attempt_id, new.amount_cents, new.card_id, new.reference, new.request_key) is distinct from (old.attempt_id, old.amount_cents, old.card_id, old.reference, old.request_key) then
        raise exception 'refunds: charge, amount, card, reference and request key are immutable';
      end if;
      perform pria_refuse_money_move('refunds', old.status, new.status, (new.settled_at, new.sent_at, new.gateway_transaction_id, new.failure_reason) is distinct from (old.settled_at, old.sent_at, old.gateway_transaction_id, old.failure_reason),
                                     'settled_at, sent_at, gateway_transaction_id, failure_reason');
      return new;
    end $$`,
  `
    create or replace function disputes_guard() returns trigger language plpgsql as $$
    begin
      if (new.processor_dispute_id, new.attempt_id, new.customer_id, new.card_id, new.amount_cents, new.payback_sent, new.opened_at) is distinct from (old.processor_dispute_id, old.attempt_id, old.customer_id, old.card_id, old.amount_cents, old.payback_sent, old.opened_at) then
        raise exception 'disputes: processor id, charge, customer, card, amount, pay-back side and opening are immutable';
      end if;
      perform pria_refuse_money_move('disputes', old.status, new.status, (new.decided_at, new.decided_by) is distinct from (old.decided_at, old.decided_by),
                                     'decided_at, decided_by');
      return new;
    end $$`,
  `
    create or replace function billing_runs_guard() returns trigger language plpgsql as $$
    begin
      perform pria_refuse_money_move('billing_runs', old.status, new.status, false, '');
      return new;
    end $$`,
];

/**
 * The money rules a state machine does not say: a refund's rules when it is written (now also
 * refused once the bank took the charge back: a lost dispute), a run's rules (0033), a payout is
 * its capture's, to the customer's own card and never back to the card that returned it, a money
 * row's references checked per statement (0030), and a pause's history (0092).
 */
const moneyRules: readonly string[] = [
  `
    create or replace function refunds_charge_rules() returns trigger language plpgsql as $$
    declare a record; already bigint; returned text;
    begin
      select kind, status, amount_cents, card_id into a from payment_attempts where id = new.attempt_id for update;
      if a.status is distinct from 'captured' then
        raise exception 'refunds: charge % is not captured', new.attempt_id
          using errcode = 'check_violation', constraint = 'refunds_of_captured_charges';
      end if;
      if new.card_id <> a.card_id then
        raise exception 'refunds: a refund goes back to the card that was charged';
      end if;
      -- The cardholder's bank returns the charge through a dispute: open (it is returning it) or
      -- lost (it returned it). A refund then would pay the customer twice.
      select d.status into returned from disputes d
        where d.attempt_id = new.attempt_id and d.status in ('open', 'lost') order by d.status = 'open' desc limit 1;
      if returned = 'open' then
        raise exception 'refunds: charge % has an open dispute', new.attempt_id
          using errcode = 'check_violation', constraint = 'refunds_not_while_disputed';
      end if;
      if returned = 'lost' then
        raise exception 'refunds: the cardholder''s bank took charge % back (dispute lost)', new.attempt_id
          using errcode = 'check_violation', constraint = 'refunds_not_after_dispute_lost';
      end if;
      select coalesce(sum(amount_cents), 0) into already from refunds
        where attempt_id = new.attempt_id and status <> 'failed';
      if already + new.amount_cents > a.amount_cents then
        raise exception 'refunds: % cents refunded would exceed the charge of %', already + new.amount_cents, a.amount_cents
          using errcode = 'check_violation', constraint = 'refunds_within_charge';
      end if;
      return new;
    end $$`,
  `
    create or replace function billing_runs_rules() returns trigger language plpgsql as $$
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
    end $$`,
  `
    create or replace function payouts_match_capture() returns trigger language plpgsql as $$
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
    end $$`,
  `
    create or replace function payouts_paid_to_own_card() returns trigger language plpgsql as $$
    begin
      if new.paid_to_card_id is not null and not exists (
          select 1 from cards where id = new.paid_to_card_id and customer_id = new.customer_id) then
        raise exception 'payouts: a pay-back goes only to a card of the same customer';
      end if;
      return new;
    end $$`,
  `
    create or replace function payouts_not_to_returning_card() returns trigger language plpgsql as $$
    begin
      -- The charged card returned it (only a returned pay-back is sent elsewhere), and so did the
      -- card it was last sent to (the trigger runs only when that changes).
      if new.paid_to_card_id = old.card_id then
        raise exception 'payouts: a returned pay-back cannot go back to the card that returned it'
          using errcode = 'check_violation', constraint = 'payouts_not_to_returning_card';
      end if;
      return new;
    end $$`,
  `
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
    end $$`,
  `
    create or replace function money_events_references() returns trigger language plpgsql as $$
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
    end $$`,
  `
    create or replace function subscription_pauses_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if new.resumed_at is not null or new.resumed_by is not null then
          raise exception 'subscription_pauses: a pause begins open; it ends by resuming'
            using errcode = 'check_violation', constraint = 'subscription_pauses_begin_open';
        end if;
        -- An open pause already there is the unique index's (pausing twice changes nothing).
        if exists (select 1 from subscription_pauses z
                   where z.subscription_id = new.subscription_id and z.resumed_at > new.paused_at) then
          raise exception 'subscription_pauses: a pause begins after the previous one ended'
            using errcode = 'check_violation', constraint = 'subscription_pauses_in_order';
        end if;
        return new;
      end if;
      if old.resumed_at is not null then
        raise exception 'subscription_pauses: an ended pause is history and never changes'
          using errcode = 'check_violation', constraint = 'subscription_pauses_ended_final';
      end if;
      if new.id <> old.id or new.subscription_id <> old.subscription_id or new.paused_at <> old.paused_at
         or new.paused_by <> old.paused_by or new.resumed_at is null then
        raise exception 'subscription_pauses: an open pause changes only by ending (resumed_at, resumed_by)'
          using errcode = 'check_violation', constraint = 'subscription_pauses_end_only';
      end if;
      return new;
    end $$`,
];

/**
 * History is never rewritten: money rows and what they refer to are never deleted, the staff
 * audit trail and consent records are append-only.
 */
const history: readonly string[] = [
  `
    create or replace function money_rows_refuse_delete() returns trigger language plpgsql as $$
    begin
      raise exception '%: money rows are never deleted', tg_table_name;
    end $$`,
  `
    create or replace function rows_refuse_delete() returns trigger language plpgsql as $$
    begin
      raise exception '%: rows that money rows refer to are never deleted', tg_table_name;
    end $$`,
  `
    create or replace function staff_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'staff_audit: the audit trail is append-only';
    end $$`,
  `
    create or replace function consent_records_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'consent_records: consent records are append-only';
    end $$`,
];

/**
 * Derived tables kept by triggers as the owner (SECURITY DEFINER: the runtime role may only read
 * them): the monthly roll-ups (0026), the row counts (0012, 0026, 0062), the receipts (0020, 0021).
 */
const derived: readonly string[] = [
  `
    create or replace function attempt_rollups_apply() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
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
    end $$`,
  `
    create or replace function payout_rollups_apply() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
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
    end $$`,
  `
    create or replace function row_counts_customers() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
    declare
      active bigint := 0;
      deleted bigint := 0;
    begin
      if tg_op = 'TRUNCATE' then
        update row_counts set n = 0 where name like 'customers:%';
        return null;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select active + count(*) filter (where deleted_at is null and not is_staff),
               deleted + count(*) filter (where deleted_at is not null and not is_staff)
          into active, deleted from new_rows;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        select active - count(*) filter (where deleted_at is null and not is_staff),
               deleted - count(*) filter (where deleted_at is not null and not is_staff)
          into active, deleted from old_rows;
      end if;
      if active <> 0 then
        update row_counts set n = n + active where name = 'customers:active';
      end if;
      if deleted <> 0 then
        update row_counts set n = n + deleted where name = 'customers:deleted';
      end if;
      return null;
    end $$`,
  `
    create or replace function row_counts_cards() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
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
    end $$`,
  `
    create or replace function row_counts_payment_attempts() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
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
    end $$`,
  `
    create or replace function row_counts_payouts() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
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
    end $$`,
  `
    create or replace function receipts_for_captures() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
    begin
      if new.kind = 'subscription' and new.status = 'captured'
         and (tg_op = 'INSERT' or old.status is distinct from 'captured') then
        insert into receipts (attempt_id, kind, issued_at) values (new.id, 'charge', now())
        on conflict (attempt_id) do nothing;
      end if;
      return null;
    end $$`,
  `
    create or replace function receipts_for_refunds() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
    begin
      insert into receipts (refund_id, kind, issued_at) values (new.id, 'refund', now())
      on conflict (refund_id) do nothing;
      return null;
    end $$`,
];

/**
 * The schedule's instants and the money references, as the TypeScript computes them
 * (`billing-schedule-sql.test.ts`, `references.test.ts`), written so that PostgreSQL inlines
 * them (0067, ADR 36).
 */
const schedule: readonly string[] = [
  `
    create or replace function pria_payin_due_at(period text) returns timestamptz
    language sql immutable strict parallel safe
    return make_timestamp(split_part(period, '-', 1)::int, split_part(period, '-', 2)::int, 28, 16, 0, 0)
           at time zone 'America/New_York'`,
  `
    create or replace function pria_payout_due_at(period text) returns timestamptz
    language sql immutable strict parallel safe
    return (make_date(split_part(period, '-', 1)::int, split_part(period, '-', 2)::int, 1)
            + interval '1 month' + interval '1 day' + interval '16 hours') at time zone 'America/New_York'`,
  `
    create or replace function pria_payin_reference(card uuid, period text) returns text
    language sql immutable parallel safe return 'payin:' || card::text || ':' || period`,
  `
    create or replace function pria_payout_reference(payout uuid, try integer) returns text
    language sql immutable parallel safe return 'payout:' || payout::text || ':' || try::text`,
  `
    create or replace function pria_subscription_reference(attempt uuid) returns text
    language sql immutable parallel safe return 'sub:' || attempt::text`,
  `
    create or replace function pria_refund_reference(refund uuid) returns text
    language sql immutable parallel safe return 'refund:' || refund::text`,
];

/**
 * A sign-in event in words, for staff's log search and its trigram index (0081, 0103).
 */
const signInWords: readonly string[] = [
  `
    create or replace function pria_sign_in_step(success boolean, reason text) returns text language sql immutable parallel safe as $$
      select case
               when reason = 'signup-taken' then 'Sign-up tried with this address (it has an account)'
               when not success then 'Sign-in failed (' || coalesce(reason, 'unknown') || ')'
               when reason is null then 'Password accepted'
               when reason = 'signup' then 'Account created'
               when reason = 'passkey' then 'Signed in with a passkey'
               when reason = 'mfa' then 'Second step passed (code)'
               when reason = 'recovery code' then 'Second step passed (recovery code)'
               when reason = 'mfa-code-sent' then 'Second-step code sent'
               else 'Sign-in step passed (' || reason || ')'
             end
    $$`,
  `
    create or replace function pria_sign_in_message(success boolean, reason text, email text, user_id text, ip text) returns text language sql immutable parallel safe as $$
      select public.pria_sign_in_step(success, reason) || ': '
             || coalesce(email, user_id, 'unknown user') || coalesce(' from ' || ip, '') $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const definition of [
    ...stateMachines,
    ...moneyRules,
    ...history,
    ...derived,
    ...schedule,
    ...signInWords,
  ])
    await sql.raw(definition).execute(db);
}

/** A refund's rules as migration 0090 wrote them; every other function is unchanged. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function refunds_charge_rules() returns trigger language plpgsql as $$
    declare a record; already bigint;
    begin
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
}
