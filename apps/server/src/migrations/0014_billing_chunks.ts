import { type Kysely, sql } from 'kysely';

/**
 * The to-do list of a pay-in run, in chunks of consecutive card ids. A drain takes one chunk and,
 * in the same transaction, writes that chunk's attempts as `submitted`: the attempt row is written
 * once, when it is sent, instead of `created` for the whole run up front and then updated to
 * `submitted` batch by batch (two writes of a wide, heavily indexed row). Chunks are operational
 * rows, not money rows: the attempts' unique (card, kind, period) still makes "once" true.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_chunks')
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('billing_runs.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('first_card', 'uuid', (c) => c.notNull())
    .addColumn('last_card', 'uuid', (c) => c.notNull())
    .addColumn('cards', 'integer', (c) => c.notNull().check(sql`cards > 0`))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('as_of', 'timestamptz', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz')
    .addPrimaryKeyConstraint('billing_chunks_pkey', ['run_id', 'seq'])
    .addCheckConstraint('billing_chunks_range', sql`first_card <= last_card`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_chunks').ifExists().execute();
}
