import { type Kysely, sql } from 'kysely';

/**
 * A plan change on an active subscription starts at its next renewal (ADR 40): the plan paid for
 * stays in force until its end date and `next_plan_id` is the plan the renewal charges and starts.
 * The customer is told by a notice of its own ('subscription.plan_changed'). And a plan charge
 * whose refund ended the plan is marked, so the plan can be bought again that same day.
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
  // A plan charge whose refund ended the plan no longer holds its period: the customer may buy
  // the plan again the same New York day (issue 29: "already in progress" was answered instead).
  await sql`alter table payment_attempts add column plan_ended_at timestamptz`.execute(db);
  await sql`drop index payment_attempts_subscription_once`.execute(db);
  await sql`create unique index payment_attempts_subscription_once on payment_attempts (subscription_id, period)
    where kind = 'subscription' and status <> 'declined' and plan_ended_at is null`.execute(db);
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
  await sql`drop index payment_attempts_subscription_once`.execute(db);
  await sql`create unique index payment_attempts_subscription_once on payment_attempts (subscription_id, period)
    where kind = 'subscription' and status <> 'declined'`.execute(db);
  await sql`alter table payment_attempts drop column plan_ended_at`.execute(db);
}
