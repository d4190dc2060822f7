import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A run is one pass of the money engine over one period: the pay-in of month P, the payout
  // of month P, or the renewals due on a New York day. Unique per (kind, period): a forced run
  // reopens the period's run instead of starting a second one.
  await db.schema
    .createTable('billing_runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('payin', 'payout', 'subscriptions')`))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'completed')`))
    .addColumn('as_of', 'timestamptz', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('forced_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('billing_runs_kind_period_key', ['kind', 'period'])
    .execute();

  await db.schema
    .alterTable('payment_attempts')
    .addColumn('instrument_id', 'text')
    .addColumn('initiator', 'text', (c) =>
      c.notNull().defaultTo('customer').check(sql`initiator in ('customer', 'merchant')`),
    )
    .execute();
  await sql`alter table payment_attempts add constraint payment_attempts_run_fk
    foreign key (billing_run_id) references billing_runs(id)`.execute(db);
  await sql`create index payment_attempts_run_status on payment_attempts (billing_run_id, status)
    where billing_run_id is not null`.execute(db);
  await sql`create index payment_attempts_captured_payins on payment_attempts (period)
    where kind = 'payin' and status = 'captured'`.execute(db);

  // The pay-back of one captured pay-in: exactly one per capture (unique attempt_id), for exactly
  // the captured amount, to the same instrument. A failed payout is retried by later payout
  // runs until paid; each try is its own immutable row in payout_tries.
  await db.schema
    .createTable('payouts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('attempt_id', 'uuid', (c) => c.notNull().unique().references('payment_attempts.id'))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id'))
    .addColumn('card_id', 'uuid', (c) => c.notNull().references('cards.id'))
    .addColumn('instrument_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'submitted', 'unknown', 'paid', 'failed', 'returned')`),
    )
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reference', 'text', (c) => c.unique())
    .addColumn('billing_run_id', 'uuid', (c) => c.references('billing_runs.id'))
    .addColumn('last_error', 'text')
    .addColumn('gateway_transaction_id', 'text')
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('verified_at', 'timestamptz')
    .addColumn('verified_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await sql`create index payouts_open on payouts (period) where status in ('pending', 'failed', 'submitted', 'unknown')`.execute(
    db,
  );
  await sql`create index payouts_customer_created on payouts (customer_id, created_at desc)`.execute(db);

  // A payout repays its capture: same amount, same card, and only a captured pay-in.
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
  await sql`create trigger payouts_match_capture before insert or update on payouts
    for each row execute function payouts_match_capture()`.execute(db);
  await sql`create trigger payouts_no_delete before delete on payouts
    for each row execute function money_rows_refuse_delete()`.execute(db);

  await db.schema
    .createTable('payout_tries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('payout_id', 'uuid', (c) => c.notNull().references('payouts.id'))
    .addColumn('try_no', 'integer', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('billing_run_id', 'uuid', (c) => c.references('billing_runs.id'))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('paid', 'failed', 'unknown')`))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payout_tries_payout_try_key', ['payout_id', 'try_no'])
    .execute();

  // Outbox of money events for notifications, written in the same transaction as the money row.
  await db.schema
    .createTable('money_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`type in ('charge.succeeded', 'charge.declined', 'payout.sent', 'payout.failed', 'subscription.renewed', 'subscription.failed')`,
        ),
    )
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id'))
    .addColumn('card_id', 'uuid', (c) => c.references('cards.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index money_events_unprocessed on money_events (id) where processed_at is null`.execute(
    db,
  );

  // A removed card keeps its processor instrument until every $3 charged on it is paid back;
  // this records when the instrument was finally deleted at the processor.
  await db.schema.alterTable('cards').addColumn('instrument_released_at', 'timestamptz').execute();
  await sql`update cards set instrument_released_at = removed_at where removed_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cards').dropColumn('instrument_released_at').execute();
  for (const t of ['money_events', 'payout_tries', 'payouts'])
    await db.schema.dropTable(t).ifExists().execute();
  await sql`drop function if exists payouts_match_capture`.execute(db);
  await sql`alter table payment_attempts drop constraint if exists payment_attempts_run_fk`.execute(db);
  await db.schema
    .alterTable('payment_attempts')
    .dropColumn('instrument_id')
    .dropColumn('initiator')
    .execute();
  await db.schema.dropTable('billing_runs').ifExists().execute();
}
