import { type Kysely, sql } from 'kysely';

/**
 * Indexes behind the admin portal's lists (modules/admin). Each list pages with ORDER BY
 * <column>, id LIMIT n, so every sortable column has a (column, id) index the planner can walk
 * in either direction; searches use one trigram index over the searchable text of a customer.
 * NOTE: the expressions here are repeated verbatim in modules/admin/*.repo.ts (the planner only
 * uses an expression index for the identical expression): change both together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  // Clients: search and column filters (a substring anywhere in email, names, phone).
  await sql`create index customers_search_trgm on customers using gin (
    (coalesce(email, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(phone, ''))
    gin_trgm_ops)`.execute(db);
  for (const column of ['created_at', 'email', 'first_name', 'last_name', 'phone']) {
    await sql`create index ${sql.id(`customers_admin_${column}`)} on customers (${sql.ref(column)}, id)
      where deleted_at is null`.execute(db);
  }

  // Transactions: charges and pay-backs merged; each side is read top-n by the sort key.
  await sql`create index payment_attempts_admin_created on payment_attempts (created_at, id)
    include (kind, status, amount_cents)`.execute(db);
  await sql`create index payment_attempts_admin_amount on payment_attempts (amount_cents, created_at, id)`.execute(
    db,
  );
  await sql`create index payment_attempts_admin_kind on payment_attempts (kind, created_at, id)`.execute(db);
  await sql`create index payment_attempts_admin_state on payment_attempts (
    (case status when 'captured' then 'success' when 'declined' then 'failed' else 'pending' end), created_at, id)`.execute(
    db,
  );
  await sql`create index payment_attempts_gateway_tx on payment_attempts (gateway_transaction_id)
    where gateway_transaction_id is not null`.execute(db);
  await sql`create index payment_attempts_payin_period on payment_attempts (kind, period)`.execute(db);

  await sql`create index payouts_admin_created on payouts (created_at, id)`.execute(db);
  await sql`create index payouts_admin_amount on payouts (amount_cents, created_at, id)`.execute(db);
  await sql`create index payouts_admin_state on payouts (
    (case status when 'paid' then 'success' when 'failed' then 'failed' when 'returned' then 'failed' else 'pending' end),
    created_at, id)`.execute(db);
  await sql`create index payouts_gateway_tx on payouts (gateway_transaction_id)
    where gateway_transaction_id is not null`.execute(db);
  await sql`create index payouts_paid_at on payouts (paid_at) include (amount_cents) where status = 'paid'`.execute(
    db,
  );

  // Logs: newest first with keyset continuation over (at, id).
  await sql`create index idp_sign_in_events_at_idx on idp_sign_in_events (at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'idp_sign_in_events_at_idx',
    'payouts_paid_at',
    'payouts_gateway_tx',
    'payouts_admin_state',
    'payouts_admin_amount',
    'payouts_admin_created',
    'payment_attempts_payin_period',
    'payment_attempts_gateway_tx',
    'payment_attempts_admin_state',
    'payment_attempts_admin_kind',
    'payment_attempts_admin_amount',
    'payment_attempts_admin_created',
    'customers_admin_created_at',
    'customers_admin_email',
    'customers_admin_first_name',
    'customers_admin_last_name',
    'customers_admin_phone',
    'customers_search_trgm',
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
}
