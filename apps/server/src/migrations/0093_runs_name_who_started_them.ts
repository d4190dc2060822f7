import { type Kysely, sql } from 'kysely';

/**
 * Every run says who started it (issue 38): `schedule` (the workers), `cli:<os user>` (an
 * operator's billing:tick or billing:run) or the staff member who forced it. A blank name says
 * nobody, so the database refuses it on every path. (That a person's opening has its audit row
 * is held by writing both in one transaction: run-engine.ts `openRunAs`.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table billing_runs add constraint billing_runs_started_by_named
    check (btrim(started_by) <> '')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table billing_runs drop constraint billing_runs_started_by_named`.execute(db);
}
