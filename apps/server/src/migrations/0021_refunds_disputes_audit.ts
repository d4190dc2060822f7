import { type Kysely, sql } from 'kysely';

/**
 * Operations (issue 16): refunds and disputes in the ledger, and the staff audit trail.
 * - refunds: one row per refund request (unique key), submitted before the processor is called,
 *   settled by lookup when in doubt, like charges; never more than the charge in total.
 * - disputes: a chargeback of a charge, reported by the processor; a disputed capture is never
 *   paid back (its payout is `withheld`); if the pay-back was already sent, the dispute is a loss.
 * - staff_audit: every staff action, append-only (no update, no delete), written in the same
 *   transaction as the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table refunds (
      id uuid primary key default gen_random_uuid(),
      attempt_id uuid not null references payment_attempts(id),
      customer_id uuid not null references customers(id),
      card_id uuid not null references cards(id),
      amount_cents bigint not null check (amount_cents > 0),
      mode text not null check (mode in ('full', 'prorated')),
      reason text not null,
      request_key text not null unique,
      reference text not null unique,
      status text not null check (status in ('submitted', 'unknown', 'refunded', 'failed')),
      failure_reason text,
      gateway_transaction_id text,
      requested_by text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index refunds_attempt on refunds (attempt_id)`.execute(db);
  await sql`create index refunds_customer_created on refunds (customer_id, created_at desc)`.execute(db);
  await sql`create index refunds_admin_created on refunds (created_at, id)`.execute(db);
  await sql`create index refunds_open on refunds (updated_at) where status in ('submitted', 'unknown')`.execute(
    db,
  );
  await sql`
    create function refunds_guard() returns trigger language plpgsql as $$
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
  await sql`create trigger refunds_guard before insert or update on refunds
    for each row execute function refunds_guard()`.execute(db);
  await sql`create trigger refunds_no_delete before delete on refunds
    for each row execute function money_rows_refuse_delete()`.execute(db);

  // A refund's receipt: receipts name a charge or a refund, never both.
  await sql`alter table receipts alter column attempt_id drop not null`.execute(db);
  await sql`alter table receipts add column refund_id uuid unique references refunds(id)`.execute(db);
  await sql`alter table receipts add constraint receipts_one_subject
    check ((attempt_id is null) <> (refund_id is null) and (kind = 'refund') = (refund_id is not null))`.execute(
    db,
  );
  await sql`
    create function receipts_for_refunds() returns trigger language plpgsql as $$
    begin
      insert into receipts (refund_id, kind, issued_at) values (new.id, 'refund', now())
      on conflict (refund_id) do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger receipts_for_refunds after insert or update of status on refunds
    for each row when (new.status = 'refunded') execute function receipts_for_refunds()`.execute(db);

  await sql`
    create table disputes (
      id uuid primary key default gen_random_uuid(),
      processor_dispute_id text not null unique,
      attempt_id uuid not null references payment_attempts(id),
      customer_id uuid not null references customers(id),
      card_id uuid not null references cards(id),
      amount_cents bigint not null check (amount_cents > 0),
      reason text,
      status text not null check (status in ('open', 'won', 'lost')),
      -- The pay-back had already gone out when the dispute opened: Pria pays twice unless it wins.
      payback_sent boolean not null,
      opened_at timestamptz not null,
      decided_at timestamptz,
      decided_by text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index disputes_attempt on disputes (attempt_id)`.execute(db);
  await sql`create index disputes_open on disputes (opened_at) where status = 'open'`.execute(db);
  await sql`create trigger disputes_no_delete before delete on disputes
    for each row execute function money_rows_refuse_delete()`.execute(db);

  // A disputed capture is not paid back: its payout is withheld (and released if Pria wins).
  await sql`alter table payouts drop constraint payouts_status_check`.execute(db);
  await sql`alter table payouts add constraint payouts_status_check
    check (status in ('pending', 'submitted', 'unknown', 'paid', 'failed', 'returned', 'withheld'))`.execute(
    db,
  );

  // Where each processor's event feed (disputes) was read up to.
  await sql`create table gateway_cursors (name text primary key, position text not null,
    updated_at timestamptz not null default now())`.execute(db);

  await sql`alter table money_events drop constraint money_events_type_check`.execute(db);
  await sql`alter table money_events add constraint money_events_type_check check (type in
    ('charge.succeeded', 'charge.declined', 'charge.missed', 'payout.sent', 'payout.failed', 'payout.returned',
     'subscription.started', 'subscription.renewed', 'subscription.failed', 'refund.sent', 'dispute.opened'))`.execute(
    db,
  );
  await sql`alter table money_events add column refund_id uuid references refunds(id)`.execute(db);

  await sql`
    create table staff_audit (
      id bigserial primary key,
      at timestamptz not null default now(),
      actor text not null,
      actor_roles text[] not null default '{}',
      action text not null,
      target_type text,
      target_id text,
      before jsonb,
      after jsonb,
      request_id text,
      client_ip text
    )`.execute(db);
  await sql`create index staff_audit_at on staff_audit (at desc, id desc)`.execute(db);
  await sql`create index staff_audit_actor on staff_audit (actor, at desc)`.execute(db);
  await sql`create index staff_audit_action on staff_audit (action, at desc)`.execute(db);
  await sql`
    create function staff_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'staff_audit: the audit trail is append-only';
    end $$`.execute(db);
  await sql`create trigger staff_audit_append_only before update or delete on staff_audit
    for each row execute function staff_audit_append_only()`.execute(db);
  await sql`create trigger staff_audit_no_truncate before truncate on staff_audit
    for each statement execute function staff_audit_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists staff_audit`.execute(db);
  await sql`drop function if exists staff_audit_append_only`.execute(db);
  await sql`alter table money_events drop column refund_id`.execute(db);
  await sql`alter table money_events drop constraint money_events_type_check`.execute(db);
  await sql`alter table money_events add constraint money_events_type_check check (type in
    ('charge.succeeded', 'charge.declined', 'charge.missed', 'payout.sent', 'payout.failed', 'payout.returned',
     'subscription.started', 'subscription.renewed', 'subscription.failed'))`.execute(db);
  await sql`drop table if exists gateway_cursors`.execute(db);
  await sql`alter table payouts drop constraint payouts_status_check`.execute(db);
  await sql`alter table payouts add constraint payouts_status_check
    check (status in ('pending', 'submitted', 'unknown', 'paid', 'failed', 'returned'))`.execute(db);
  await sql`drop table if exists disputes`.execute(db);
  await sql`drop trigger if exists receipts_for_refunds on refunds`.execute(db);
  await sql`drop function if exists receipts_for_refunds`.execute(db);
  await sql`alter table receipts drop constraint receipts_one_subject`.execute(db);
  await sql`alter table receipts drop column refund_id`.execute(db);
  await sql`alter table receipts alter column attempt_id set not null`.execute(db);
  await sql`drop table if exists refunds`.execute(db);
  await sql`drop function if exists refunds_guard`.execute(db);
}
