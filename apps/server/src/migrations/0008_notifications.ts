import { type Kysely, sql } from 'kysely';

/**
 * Delivery of the message outbox: a row being handed to the mail server or SMS provider is
 * `sending` until `lease_until`; a row still `sending` after that was abandoned by a process
 * that died mid-send (it may or may not have reached the provider).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table message_outbox drop constraint if exists message_outbox_status_check`.execute(db);
  await sql`alter table message_outbox add constraint message_outbox_status_check
    check (status in ('pending', 'sending', 'sent', 'failed'))`.execute(db);
  await db.schema.alterTable('message_outbox').addColumn('lease_until', 'timestamptz').execute();
  await sql`create index message_outbox_sending_idx on message_outbox (lease_until) where status = 'sending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists message_outbox_sending_idx`.execute(db);
  await sql`update message_outbox set status = 'pending' where status = 'sending'`.execute(db);
  await db.schema.alterTable('message_outbox').dropColumn('lease_until').execute();
  await sql`alter table message_outbox drop constraint if exists message_outbox_status_check`.execute(db);
  await sql`alter table message_outbox add constraint message_outbox_status_check
    check (status in ('pending', 'sent', 'failed'))`.execute(db);
}
