import type { ColumnType, Generated } from 'kysely';
import { type Kysely, sql } from 'kysely';
import { lockForTransaction } from '../../../platform/advisory-locks.ts';

/**
 * The simulator's own state, in its own PostgreSQL schema `gateway_sim`. It stands in for the
 * processor's systems, so it is deliberately NOT part of our migrations or our `Database`
 * type: nothing in Pria's code may read it except the simulator adapter.
 */
type Ts = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SimKeysTable {
  id: number;
  kid: string;
  public_jwk: ColumnType<Record<string, unknown>, string, string>;
  private_jwk: ColumnType<Record<string, unknown>, string, string>;
  /** HMAC key for card fingerprints: the simulator stores a fingerprint, never the number. */
  hash_secret: string;
  created_at: Ts;
}

export interface SimInstrumentsTable {
  id: string;
  reference: string;
  card_hash: string;
  brand: 'visa' | 'mastercard';
  last_four: string;
  expiration_month: number;
  expiration_year: number;
  name: string;
  billing_address: ColumnType<Record<string, unknown>, string, string>;
  behaviour: string;
  created_at: Ts;
  updated_at: Ts;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SimTransactionsTable {
  id: string;
  reference: string;
  kind: 'charge' | 'payout' | 'refund';
  instrument_id: string;
  amount_cents: number;
  description: string | null;
  initiator: 'customer' | 'merchant' | null;
  status: 'captured' | 'declined' | 'requires_authentication' | 'paid' | 'failed' | 'returned' | 'refunded';
  reason: string | null;
  session_id: string | null;
  return_url: string | null;
  seq: Generated<number>;
  created_at: Ts;
  updated_at: Ts;
}

/** A chargeback on a captured charge; its events become visible at `at` (the processor's clock). */
export interface SimDisputeEventsTable {
  seq: Generated<number>;
  dispute_id: string;
  charge_reference: string;
  amount_cents: number;
  status: 'open' | 'won' | 'lost';
  reason: string | null;
  at: ColumnType<Date, Date | string, Date | string>;
}

/**
 * A hosted authentication session's window: a 3-D Secure challenge left unanswered past
 * `expires_at` is declined "Authentication expired", as an issuer's challenge times out.
 * Its own small table, so the charge path's bulk inserts stay as they are.
 */
export interface SimSessionsTable {
  session_id: string;
  reference: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface SimDatabase {
  keys: SimKeysTable;
  instruments: SimInstrumentsTable;
  transactions: SimTransactionsTable;
  dispute_events: SimDisputeEventsTable;
  sessions: SimSessionsTable;
}

export type SimDb = Kysely<SimDatabase>;

/** Written as the schema's comment once the DDL below has run; bump it when the DDL changes. */
export const SIM_SCHEMA_VERSION = 'pria-simulator 4';

/**
 * Idempotent DDL. The migration step runs it as the database owner; the app, connected as the
 * runtime role (which may not run DDL, issue 30), finds the schema current and skips it.
 * NOTE: two processes starting together would race on `create table if not exists` (it is not
 * atomic in PostgreSQL), so the whole thing runs under a transaction-scoped advisory lock.
 */
export async function ensureSimulatorSchema(db: Kysely<unknown>): Promise<void> {
  const current = await sql<{ version: string | null }>`
    select obj_description(oid, 'pg_namespace') as version from pg_namespace where nspname = 'gateway_sim'`.execute(
    db,
  );
  if (current.rows[0]?.version === SIM_SCHEMA_VERSION) return;
  await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, 'simulatorSchema');
    await sql`create schema if not exists gateway_sim`.execute(trx);
    await sql`
      create table if not exists gateway_sim.keys (
        id smallint primary key check (id = 1),
        kid text not null,
        public_jwk jsonb not null,
        private_jwk jsonb not null,
        hash_secret text not null,
        created_at timestamptz not null default now()
      )`.execute(trx);
    await sql`
      create table if not exists gateway_sim.instruments (
        id text primary key,
        reference text not null unique,
        card_hash text not null,
        brand text not null check (brand in ('visa', 'mastercard')),
        last_four char(4) not null,
        expiration_month smallint not null check (expiration_month between 1 and 12),
        expiration_year smallint not null,
        name text not null,
        billing_address jsonb not null,
        behaviour text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        deleted_at timestamptz
      )`.execute(trx);
    await sql`
      create table if not exists gateway_sim.transactions (
        id text primary key,
        reference text not null unique,
        kind text not null constraint transactions_kind_check check (kind in ('charge', 'payout', 'refund')),
        instrument_id text not null,
        amount_cents bigint not null check (amount_cents > 0),
        description text,
        initiator text check (initiator in ('customer', 'merchant')),
        status text not null constraint transactions_status_check
          check (status in ('captured', 'declined', 'requires_authentication', 'paid', 'failed', 'returned', 'refunded')),
        reason text,
        session_id text,
        return_url text,
        seq bigserial,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`.execute(trx);
    // A schema made before returned pay-backs and refunds existed: widen its checks (once).
    await sql`
      do $$ begin
        if not exists (select 1 from pg_constraint
                       where conrelid = 'gateway_sim.transactions'::regclass
                         and conname = 'transactions_status_check'
                         and pg_get_constraintdef(oid) like '%refunded%') then
          alter table gateway_sim.transactions drop constraint if exists transactions_status_check;
          alter table gateway_sim.transactions add constraint transactions_status_check
            check (status in ('captured', 'declined', 'requires_authentication', 'paid', 'failed', 'returned', 'refunded'));
          alter table gateway_sim.transactions drop constraint if exists transactions_kind_check;
          alter table gateway_sim.transactions add constraint transactions_kind_check
            check (kind in ('charge', 'payout', 'refund'));
        end if;
      end $$`.execute(trx);
    // Only customer-initiated charges that need authentication have a session: a partial unique
    // index, so the other charges and every payout write no entry for it (a schema made earlier
    // had the column UNIQUE: replaced once).
    await sql`alter table gateway_sim.transactions drop constraint if exists transactions_session_id_key`.execute(
      trx,
    );
    await sql`create unique index if not exists transactions_session on gateway_sim.transactions (session_id)
      where session_id is not null`.execute(trx);
    await sql`
      create table if not exists gateway_sim.dispute_events (
        seq bigserial primary key,
        dispute_id text not null,
        charge_reference text not null,
        amount_cents bigint not null check (amount_cents > 0),
        status text not null check (status in ('open', 'won', 'lost')),
        reason text,
        at timestamptz not null,
        unique (dispute_id, status)
      )`.execute(trx);
    await sql`create index if not exists dispute_events_at on gateway_sim.dispute_events (at, seq)`.execute(
      trx,
    );
    await sql`
      create table if not exists gateway_sim.sessions (
        session_id text primary key,
        reference text not null unique,
        expires_at timestamptz not null
      )`.execute(trx);
    // Its keys compare as bytes, as our money keys do (ADR 39): every charge and payout enters the
    // id and reference B-trees and probes the instruments' id, and under the database's collation
    // each comparison called strcoll. Equality is byte equality under both, so nothing else changes;
    // a schema made earlier is altered once (its indexes are rebuilt).
    await sql`alter table gateway_sim.transactions
      alter column id type text collate "C", alter column reference type text collate "C",
      alter column instrument_id type text collate "C", alter column session_id type text collate "C"`.execute(
      trx,
    );
    await sql`alter table gateway_sim.instruments
      alter column id type text collate "C", alter column reference type text collate "C"`.execute(trx);
    await sql`alter table gateway_sim.sessions
      alter column session_id type text collate "C", alter column reference type text collate "C"`.execute(
      trx,
    );
    await sql`comment on schema gateway_sim is ${sql.lit(SIM_SCHEMA_VERSION)}`.execute(trx);
  });
}
