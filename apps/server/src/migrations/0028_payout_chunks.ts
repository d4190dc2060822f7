import { type Kysely, sql } from 'kysely';

/**
 * Pay-backs written once per try (ADR 17), as pay-ins are: a payout run cuts the pay-backs owed
 * into chunks of consecutive payout ids; a drain that takes a chunk records, committed before any
 * call, which payouts it is about to send (`sent_payouts`), and writes each payout's try once,
 * with its outcome. A chunk taken but not written after the staleness window turns its sent
 * payouts that are still `pending` into `submitted` tries (dated when it was taken), settled by
 * lookup. Operational rows, like billing_chunks: the payouts' unique reference per try still
 * makes "once" true.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payout_chunks (
      run_id uuid not null references billing_runs(id),
      seq integer not null,
      first_payout uuid not null,
      last_payout uuid not null,
      payouts integer not null check (payouts > 0),
      taken_at timestamptz,
      sent_payouts uuid[],
      written_at timestamptz,
      primary key (run_id, seq),
      constraint payout_chunks_range check (first_payout <= last_payout)
    )`.execute(db);
  // Chunks not written yet (untaken, or in flight): what claims and cuts must keep clear of.
  await sql`create index payout_chunks_open on payout_chunks (run_id, taken_at) where written_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists payout_chunks`.execute(db);
}
