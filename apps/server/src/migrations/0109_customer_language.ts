import { type Kysely, sql } from 'kysely';

/**
 * The language a customer chose for everything Pria says to them (issue 42, ADR 71): English or
 * US Spanish. Null while they never chose: their browser's language decides until they do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers add column language text check (language in ('en', 'es'))`.execute(db);
}
