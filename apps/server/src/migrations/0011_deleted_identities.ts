import { type Kysely, sql } from 'kysely';

/**
 * Identities whose account was deleted. An access token issued before the deletion stays
 * valid until it expires (minutes); this list makes the API refuse it instead of creating a
 * fresh, empty customer for it. Only a hash of the subject is kept (no personal data).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deleted_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject_hash', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deleted_identities_pkey', ['issuer', 'subject_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deleted_identities').ifExists().execute();
}
