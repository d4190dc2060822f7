import { type Kysely, sql } from 'kysely';

/**
 * Leases on money rows in doubt (ADR 43): which drain is looking a row up at the processor now.
 * Every drain of a run reads the same rows in doubt; each leases a slice before looking it up,
 * and a row leased by another drain is left to it, so the processor is asked about each row
 * once and a drain can take large slices. A lease ends when its slice is settled, or lapses
 * after the staleness window (its drain died). It decides who asks, never what is in doubt (the
 * in-doubt predicate is unchanged) nor what is written (the settle step's guarded writes are).
 * One table for charges, pay-backs and refunds: their ids are uuids, never shared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table in_doubt_leases (
      row_id uuid primary key,
      leased_until timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table in_doubt_leases`.execute(db);
}
