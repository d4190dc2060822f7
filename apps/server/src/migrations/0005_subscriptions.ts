import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().unique().references('customers.id'))
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
    .addColumn('card_id', 'uuid', (c) => c.references('cards.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending_verification', 'active', 'inactive')`),
    )
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One row per attempt to move money from a card to us: the monthly $3 pay-in and the plan's
  // subscription charges. Amount and card never change once written; status moves forward
  // created -> submitted -> captured | declined | unknown | requires_authentication, and unknown
  // or requires_authentication resolve to captured or declined by asking the gateway.
  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('payin', 'subscription')`))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id'))
    .addColumn('card_id', 'uuid', (c) => c.notNull().references('cards.id'))
    .addColumn('subscription_id', 'uuid', (c) => c.references('subscriptions.id'))
    .addColumn('plan_id', 'text', (c) => c.references('plans.id'))
    .addColumn('billing_run_id', 'uuid')
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('created')
        .check(
          sql`status in ('created', 'submitted', 'captured', 'declined', 'unknown', 'requires_authentication')`,
        ),
    )
    .addColumn('decline_reason', 'text')
    .addColumn('gateway_transaction_id', 'text')
    .addColumn('session_url', 'text')
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('verified_at', 'timestamptz')
    .addColumn('verified_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // NOTE: the database, not the application, makes "once" true.
  // A card is charged the monthly $3 at most once per period...
  await sql`create unique index payment_attempts_payin_once on payment_attempts (card_id, kind, period)
    where kind = 'payin'`.execute(db);
  // ...and a subscription period is paid at most once (a declined try may be followed by another).
  await sql`create unique index payment_attempts_subscription_once on payment_attempts (subscription_id, period)
    where kind = 'subscription' and status <> 'declined'`.execute(db);
  await sql`create index payment_attempts_customer_created on payment_attempts (customer_id, created_at desc)`.execute(
    db,
  );
  await sql`create index payment_attempts_unresolved on payment_attempts (status)
    where status in ('created', 'submitted', 'unknown', 'requires_authentication')`.execute(db);

  // Amount, card, kind and period of a money row never change.
  await sql`
    create function payment_attempts_immutable() returns trigger language plpgsql as $$
    begin
      if new.amount_cents <> old.amount_cents or new.card_id <> old.card_id or new.kind <> old.kind
         or new.period <> old.period or new.reference <> old.reference or new.customer_id <> old.customer_id then
        raise exception 'payment_attempts: amount, card, kind, period, reference and customer are immutable';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger payment_attempts_immutable before update on payment_attempts
    for each row execute function payment_attempts_immutable()`.execute(db);
  // Money rows are never deleted; a correction is a new row.
  await sql`
    create function money_rows_refuse_delete() returns trigger language plpgsql as $$
    begin
      raise exception '%: money rows are never deleted', tg_table_name;
    end $$`.execute(db);
  await sql`create trigger payment_attempts_no_delete before delete on payment_attempts
    for each row execute function money_rows_refuse_delete()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_attempts').ifExists().execute();
  await db.schema.dropTable('subscriptions').ifExists().execute();
  await sql`drop function if exists payment_attempts_immutable`.execute(db);
  await sql`drop function if exists money_rows_refuse_delete`.execute(db);
}
