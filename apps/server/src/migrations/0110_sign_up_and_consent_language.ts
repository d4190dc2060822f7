import { type Kysely, sql } from 'kysely';

/**
 * Languages kept where they were in effect (issue 42, ADR 74):
 * - idp_users.language: the language an account was created in (its sign-up page's). Emails go
 *   in it until the customer chooses one (customers.language, migration 0109, wins). Null for
 *   accounts made before, or by the CLI or a staff invitation: English.
 * - consent_records.language: the language of the version of the document accepted. Every record
 *   before this one was of the English text, the only one there was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idp_users add column language text check (language in ('en', 'es'))`.execute(db);
  await sql`alter table consent_records add column language text not null default 'en'
    check (language in ('en', 'es'))`.execute(db);
}
