import { type Kysely, sql } from 'kysely';

/**
 * Security notices for cards and sign-ins (issue 40, ADR 68): customer_notices may hold
 * 'security.card_added', 'security.card_removed', 'security.funding_card_changed' and
 * 'security.new_device_sign_in', each sent once per event, whatever the notification settings.
 * NOTE: the notice types are read from the constraint as it stands (as 0077 and 0107 do), so a type
 * another migration added is kept.
 */
const added = [
  'security.card_added',
  'security.card_removed',
  'security.funding_card_changed',
  'security.new_device_sign_in',
];

async function noticeTypes(db: Kysely<unknown>): Promise<string[]> {
  const row = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint
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
  const types = await noticeTypes(db);
  const missing = added.filter((t) => !types.includes(t));
  if (missing.length) await setNoticeTypes(db, [...types, ...missing]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from customer_notices where type in (${sql.join(added)})`.execute(db);
  await setNoticeTypes(
    db,
    (await noticeTypes(db)).filter((t) => !added.includes(t)),
  );
}
