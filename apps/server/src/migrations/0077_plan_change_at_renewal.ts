import { type Kysely, sql } from 'kysely';

/**
 * A plan change on an active subscription starts at its next renewal (ADR 40): the plan paid for
 * stays in force until its end date and `next_plan_id` is the plan the renewal charges and starts.
 * The customer is told by a notice of its own ('subscription.plan_changed').
 *
 * NOTE: the notice types are read from the constraint as it stands, so a type another migration
 * added before this one is kept.
 */
const added = 'subscription.plan_changed';

async function noticeTypes(db: Kysely<unknown>): Promise<string[]> {
  const row = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint
    where conname = 'customer_notices_type_check'`.execute(db);
  const def = row.rows[0]?.def ?? '';
  return [...def.matchAll(/'([^']+)'::text/g)].map((m) => m[1] as string);
}

async function setNoticeTypes(db: Kysely<unknown>, types: string[]): Promise<void> {
  const list = sql.join(types.map((t) => sql.lit(t)));
  await sql`alter table customer_notices drop constraint customer_notices_type_check`.execute(db);
  await sql`alter table customer_notices add constraint customer_notices_type_check check (type in (${list}))`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscriptions add column next_plan_id text references plans (id)`.execute(db);
  const types = await noticeTypes(db);
  if (!types.includes(added)) await setNoticeTypes(db, [...types, added]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from customer_notices where type = ${added}`.execute(db);
  await setNoticeTypes(
    db,
    (await noticeTypes(db)).filter((t) => t !== added),
  );
  await sql`alter table subscriptions drop column next_plan_id`.execute(db);
}
