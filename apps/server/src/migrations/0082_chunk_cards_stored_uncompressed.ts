import { type Kysely, sql } from 'kysely';

/**
 * The chunks' card and attempt lists (a thousand ids each) are stored out of line without
 * compression (`storage external`). Time-ordered ids share their first bytes, so PostgreSQL's
 * compressor worked through each 16 KB list at every chunk's write for little gain: a profile of
 * the pay-back run showed `pglz_compress` at about 3 % of PostgreSQL's CPU. These rows are the
 * engine's scratch work (ADR 17), a few per run; their size does not matter.
 */
const lists = {
  billing_chunks: ['sent_cards'],
  payout_chunks: ['attempts', 'sent_attempts', 'sent_payouts'],
} as const;

async function setStorage(db: Kysely<unknown>, storage: 'external' | 'extended'): Promise<void> {
  for (const [table, columns] of Object.entries(lists)) {
    const alters = columns.map((c) => sql`alter column ${sql.ref(c)} set storage ${sql.raw(storage)}`);
    await sql`alter table ${sql.table(table)} ${sql.join(alters)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setStorage(db, 'external');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setStorage(db, 'extended');
}
