import { type Kysely, sql } from 'kysely';

/**
 * Every money state machine in the database (issue 38, ADR 46), and each money table's whole
 * update guard in one place.
 *
 * `money_state_transitions` lists the moves each money row may make; the guard trigger of each
 * table reads it, for every role (the runtime role and the owner alike), so a captured charge can
 * no longer be turned into a decline, nor a refund that went through into a failure. A state with
 * no move out is final: the row never changes state again, and its outcome (`writtenOnce`: when
 * it settled, the processor's transaction id, the reason) never changes once it is final. Its
 * TypeScript twin is `platform/money-state-machines.ts` (a test compares them); to allow a move,
 * insert one row in a new migration and add one line there.
 *
 * Each guard is one BEFORE UPDATE row trigger whose WHEN clause holds the whole check, so an
 * update that keeps the rules calls nothing: a change of who the row is, a move the machine does
 * not list, or a change of a final row's outcome. The moves are asked of `pria_money_move` and
 * `pria_money_final`, immutable SQL functions compiled from the rows of `money_state_transitions`
 * whenever they change (a statement trigger on the table), which PostgreSQL inlines into the
 * WHEN clause: a set-based drain pays a comparison per row, not a query (measured in ADR 46).
 * The guard's function runs only to refuse, and says what and why: table, from and to.
 * Inserts never pay for any of it. The columns that never change (`immutable`) were guarded before by
 * `payment_attempts_immutable` (migrations 0005, 0030, 0074), `payouts_immutable` (0030) and
 * `refunds_guard` (0021, 0033), which these guards replace; a refund's rules at insert (a captured
 * charge, its card, no open dispute, never more than the charge) are `refunds_charge_rules`.
 * Other guards of these tables, on other columns, stay where they were written: the references
 * checked per statement at insert (0030), `payouts_paid_to_own_card` (0030),
 * `payouts_not_to_returning_card` (0033), `billing_runs_rules` (0033) and the no-delete triggers.
 */
const transitions: readonly (readonly [table: string, from: string, to: string])[] = [
  ['payment_attempts', 'created', 'submitted'],
  ['payment_attempts', 'submitted', 'captured'],
  ['payment_attempts', 'submitted', 'declined'],
  ['payment_attempts', 'submitted', 'unknown'],
  ['payment_attempts', 'submitted', 'requires_authentication'],
  ['payment_attempts', 'submitted', 'missed'],
  ['payment_attempts', 'unknown', 'captured'],
  ['payment_attempts', 'unknown', 'declined'],
  ['payment_attempts', 'unknown', 'submitted'],
  ['payment_attempts', 'unknown', 'missed'],
  ['payment_attempts', 'unknown', 'requires_authentication'],
  ['payment_attempts', 'requires_authentication', 'captured'],
  ['payment_attempts', 'requires_authentication', 'declined'],
  ['payment_attempts', 'requires_authentication', 'missed'],
  ['payment_attempts', 'missed', 'created'],

  ['payouts', 'pending', 'submitted'],
  ['payouts', 'pending', 'withheld'],
  ['payouts', 'submitted', 'paid'],
  ['payouts', 'submitted', 'failed'],
  ['payouts', 'submitted', 'unknown'],
  ['payouts', 'submitted', 'returned'],
  ['payouts', 'unknown', 'paid'],
  ['payouts', 'unknown', 'failed'],
  ['payouts', 'unknown', 'returned'],
  ['payouts', 'unknown', 'submitted'],
  ['payouts', 'failed', 'submitted'],
  ['payouts', 'failed', 'withheld'],
  ['payouts', 'returned', 'pending'],
  ['payouts', 'returned', 'withheld'],
  ['payouts', 'withheld', 'pending'],

  ['payout_tries', 'unknown', 'paid'],
  ['payout_tries', 'unknown', 'failed'],
  ['payout_tries', 'unknown', 'returned'],

  ['refunds', 'submitted', 'refunded'],
  ['refunds', 'submitted', 'failed'],
  ['refunds', 'submitted', 'unknown'],
  ['refunds', 'unknown', 'refunded'],
  ['refunds', 'unknown', 'failed'],
  ['refunds', 'unknown', 'submitted'],

  ['disputes', 'open', 'won'],
  ['disputes', 'open', 'lost'],

  ['billing_runs', 'running', 'completed'],
  ['billing_runs', 'completed', 'running'],
];

interface Guard {
  table: string;
  /** The column holding the row's state. */
  state: 'status' | 'outcome';
  /** Who the row is: never changes. */
  immutable: readonly string[];
  immutableMessage?: string;
  /** The outcome: never changes once the row is final. */
  writtenOnce: readonly string[];
}

const guards: readonly Guard[] = [
  {
    table: 'payment_attempts',
    state: 'status',
    immutable: [
      'amount_cents',
      'card_id',
      'kind',
      'period',
      'reference',
      'customer_id',
      'subscription_id',
      'plan_id',
    ],
    immutableMessage:
      'payment_attempts: amount, card, kind, period, reference, customer, subscription and plan are immutable',
    writtenOnce: ['settled_at', 'sent_at', 'gateway_transaction_id', 'decline_reason'],
  },
  {
    table: 'payouts',
    state: 'status',
    immutable: ['attempt_id', 'amount_cents', 'card_id', 'customer_id', 'instrument_id'],
    immutableMessage: 'payouts: attempt, amount, card, customer and instrument are immutable',
    writtenOnce: [
      'paid_at',
      'settled_at',
      'sent_at',
      'gateway_transaction_id',
      'last_error',
      'reference',
      'tries',
      'paid_to_card_id',
    ],
  },
  {
    table: 'payout_tries',
    state: 'outcome',
    immutable: ['payout_id', 'try_no', 'reference', 'instrument_id'],
    immutableMessage: 'payout_tries: pay-back, try number, reference and instrument are immutable',
    writtenOnce: ['reason'],
  },
  {
    table: 'refunds',
    state: 'status',
    immutable: ['attempt_id', 'amount_cents', 'card_id', 'reference', 'request_key'],
    immutableMessage: 'refunds: charge, amount, card, reference and request key are immutable',
    writtenOnce: ['settled_at', 'sent_at', 'gateway_transaction_id', 'failure_reason'],
  },
  {
    table: 'disputes',
    state: 'status',
    // A dispute's side (was the pay-back sent when it opened?) is fixed when it opens (ADR 41).
    immutable: [
      'processor_dispute_id',
      'attempt_id',
      'customer_id',
      'card_id',
      'amount_cents',
      'payback_sent',
      'opened_at',
    ],
    immutableMessage:
      'disputes: processor id, charge, customer, card, amount, pay-back side and opening are immutable',
    writtenOnce: ['decided_at', 'decided_by'],
  },
  { table: 'billing_runs', state: 'status', immutable: [], writtenOnce: [] },
];

const changed = (columns: readonly string[]) =>
  `(${columns.map((c) => `new.${c}`).join(', ')}) is distinct from (${columns.map((c) => `old.${c}`).join(', ')})`;

/**
 * A table's guard: its trigger, whose WHEN clause is the whole check (nothing is called while the
 * rules hold), and its function, which runs only to refuse and says why.
 */
async function createGuard(db: Kysely<unknown>, g: Guard): Promise<void> {
  const name = sql.id(`${g.table}_guard`);
  const [was, becomes] = [`old.${g.state}`, `new.${g.state}`];
  const outcomeChanged = g.writtenOnce.length > 0 ? changed(g.writtenOnce) : 'false';
  const refuseImmutable =
    g.immutable.length > 0
      ? `if ${changed(g.immutable)} then
        raise exception '${g.immutableMessage}';
      end if;`
      : '';
  const when = [
    ...(g.immutable.length > 0 ? [changed(g.immutable)] : []),
    `(${becomes} is distinct from ${was} and not pria_money_move('${g.table}', ${was}, ${becomes}))`,
    ...(g.writtenOnce.length > 0 ? [`(${outcomeChanged} and pria_money_final('${g.table}', ${was}))`] : []),
  ];
  await sql`
    create or replace function ${name}() returns trigger language plpgsql as $$
    begin
      ${sql.raw(refuseImmutable)}
      perform pria_refuse_money_move('${sql.raw(g.table)}', ${sql.raw(was)}, ${sql.raw(becomes)}, ${sql.raw(outcomeChanged)},
                                     '${sql.raw(g.writtenOnce.join(', '))}');
      return new;
    end $$`.execute(db);
  await sql`
    create trigger ${name} before update on ${sql.table(g.table)} for each row
    when (${sql.raw(when.join('\n          or '))})
    execute function ${name}()`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table money_state_transitions (
      table_name text not null check (table_name in ('payment_attempts', 'payouts', 'payout_tries', 'refunds',
                                                     'disputes', 'billing_runs')),
      from_status text not null,
      to_status text not null check (to_status <> from_status),
      primary key (table_name, from_status, to_status)
    )`.execute(db);
  // The moves as two immutable functions of constants, compiled from the rows each time they
  // change: `pria_money_move` (is this move listed?) and `pria_money_final` (does this state
  // have no move out?). Simple SQL expressions, so PostgreSQL inlines them where they are used.
  await sql`
    create function pria_compile_money_moves() returns trigger language plpgsql as $$
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
    end $$`.execute(db);
  await sql`create trigger money_state_transitions_compile
    after insert or update or delete or truncate on money_state_transitions
    for each statement execute function pria_compile_money_moves()`.execute(db);
  await sql`insert into money_state_transitions (table_name, from_status, to_status)
    values ${sql.join(transitions.map(([t, f, to]) => sql`(${t}, ${f}, ${to})`))}`.execute(db);

  // The one refusal every guard makes: a move not listed (from a final state or not), or a final
  // row's outcome rewritten; named in the error: table, from and to.
  await sql`
    create function pria_refuse_money_move(machine text, was text, becomes text, outcome_changed boolean,
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
    end $$`.execute(db);

  // The guards they replace: the same immutable columns, now beside the state machine.
  await sql`drop trigger payment_attempts_immutable on payment_attempts`.execute(db);
  await sql`drop function payment_attempts_immutable()`.execute(db);
  await sql`drop trigger payouts_immutable on payouts`.execute(db);
  await sql`drop function payouts_immutable()`.execute(db);
  await sql`drop trigger refunds_guard on refunds`.execute(db);
  for (const g of guards) await createGuard(db, g);

  // A refund's rules when it is written (migration 0033's, unchanged): of a captured charge, to
  // the card charged, not while the charge is disputed, never more than the charge in total.
  await sql`
    create function refunds_charge_rules() returns trigger language plpgsql as $$
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
  await sql`create trigger refunds_charge_rules before insert on refunds
    for each row execute function refunds_charge_rules()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger refunds_charge_rules on refunds`.execute(db);
  await sql`drop function refunds_charge_rules()`.execute(db);
  for (const g of guards) {
    await sql`drop trigger ${sql.id(`${g.table}_guard`)} on ${sql.table(g.table)}`.execute(db);
    if (g.table !== 'refunds') await sql`drop function ${sql.id(`${g.table}_guard`)}()`.execute(db);
  }
  await sql`drop function pria_refuse_money_move(text, text, text, boolean, text)`.execute(db);
  await sql`drop table money_state_transitions`.execute(db);
  await sql`drop function pria_compile_money_moves()`.execute(db);
  await sql`drop function pria_money_move(text, text, text)`.execute(db);
  await sql`drop function pria_money_final(text, text)`.execute(db);

  // The guards as migrations 0030, 0033 and 0074 left them.
  await sql`
    create function payment_attempts_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'payment_attempts: amount, card, kind, period, reference, customer, subscription and plan are immutable';
    end $$`.execute(db);
  await sql`create trigger payment_attempts_immutable before update on payment_attempts for each row
    when (new.amount_cents is distinct from old.amount_cents or new.card_id is distinct from old.card_id
          or new.kind is distinct from old.kind or new.period is distinct from old.period
          or new.reference is distinct from old.reference or new.customer_id is distinct from old.customer_id
          or new.subscription_id is distinct from old.subscription_id or new.plan_id is distinct from old.plan_id)
    execute function payment_attempts_immutable()`.execute(db);
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
  await sql`create trigger refunds_guard before insert or update on refunds
    for each row execute function refunds_guard()`.execute(db);
}
