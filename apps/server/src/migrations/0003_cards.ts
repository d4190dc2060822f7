import { type Kysely, sql } from 'kysely';

/**
 * Customers' payment cards. We keep only what the processor gave back (instrument id, brand,
 * last four) plus expiry, name and billing address: never a card number or CVC.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cards (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null references customers (id),
      gateway text not null,
      instrument_id text not null unique,
      brand text not null check (brand in ('visa', 'mastercard')),
      last_four char(4) not null check (last_four ~ '^[0-9]{4}$'),
      expiration_month smallint not null check (expiration_month between 1 and 12),
      expiration_year smallint not null check (expiration_year between 2000 and 2099),
      name text not null,
      address1 text not null,
      address2 text,
      locality text not null,
      administrative_area text not null,
      country text not null default 'US' check (country = 'US'),
      postal_code text not null,
      is_default boolean not null default false,
      slot smallint not null check (slot between 1 and 3),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      -- NOTE: cards are never deleted: payment rows will reference them. Removal sets this.
      removed_at timestamptz
    )`.execute(db);

  // NOTE: the 3-card limit lives here, not in application code: an active card holds one of
  // three slots, so a 4th concurrent insert fails on this index whatever the app believes.
  await sql`create unique index cards_active_slot_key on cards (customer_id, slot) where removed_at is null`.execute(
    db,
  );
  await sql`create unique index cards_one_default_key on cards (customer_id) where is_default and removed_at is null`.execute(
    db,
  );
  await sql`create index cards_customer_idx on cards (customer_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cards').ifExists().execute();
}
