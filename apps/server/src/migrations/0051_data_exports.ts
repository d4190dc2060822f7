import { type Kysely, sql } from 'kysely';

/**
 * "Download my data" (issue 32): a customer's request, prepared by a worker into a ZIP kept here
 * until it is downloaded once or its 7 days are over (then the bytes are dropped and the row stays
 * as the record of the request). The download token is stored only as its SHA-256. One open
 * (queued or preparing) request per customer, by a partial unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table data_export_requests (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null references customers(id),
      status text not null default 'queued'
        check (status in ('queued', 'preparing', 'ready', 'downloaded', 'expired', 'failed')),
      progress integer not null default 0 check (progress between 0 and 100),
      requested_at timestamptz not null default now(),
      requested_ip text,
      started_at timestamptz,
      lease_until timestamptz,
      attempts integer not null default 0,
      ready_at timestamptz,
      expires_at timestamptz,
      downloaded_at timestamptz,
      token_hash text unique check (token_hash ~ '^[0-9a-f]{64}$'),
      file bytea,
      file_bytes integer,
      error text,
      check ((status = 'ready') = (file is not null)),
      check (status not in ('ready', 'downloaded', 'expired') or (token_hash is not null and expires_at is not null))
    )`.execute(db);
  await sql`create unique index data_export_requests_one_open on data_export_requests (customer_id)
    where status in ('queued', 'preparing')`.execute(db);
  await sql`create index data_export_requests_customer on data_export_requests (customer_id, requested_at desc)`.execute(
    db,
  );
  await sql`create index data_export_requests_due on data_export_requests (requested_at)
    where status in ('queued', 'preparing')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists data_export_requests`.execute(db);
}
