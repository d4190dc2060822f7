import { type Kysely, sql } from 'kysely';

/**
 * Pay-in attempts written once, with their outcome (ADR 17). A drain that takes a chunk records,
 * in the same synchronously committed transaction and before any processor call, which cards it
 * is about to charge (`sent_cards`): the fact that calls may have been made survives a crash as
 * one row per chunk instead of one `submitted` row per card. The attempts are inserted when
 * their outcomes are known; `written_at` marks a chunk whose every card has its attempt. A chunk
 * taken but not written after the staleness window is turned back into `submitted` attempts
 * (one per sent card, dated when the chunk was taken), which are then settled by lookup.
 *
 * Chunks taken before this migration wrote their attempts when they were taken: written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table billing_chunks add column sent_cards uuid[], add column written_at timestamptz`.execute(
    db,
  );
  await sql`update billing_chunks set written_at = taken_at where taken_at is not null`.execute(db);
  // What the engine asks of chunks in flight: a run's chunks taken and not written yet.
  await sql`create index billing_chunks_in_flight on billing_chunks (run_id, taken_at)
    where taken_at is not null and written_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists billing_chunks_in_flight`.execute(db);
  await sql`alter table billing_chunks drop column if exists sent_cards, drop column if exists written_at`.execute(
    db,
  );
}
