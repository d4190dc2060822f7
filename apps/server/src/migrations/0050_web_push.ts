import { type Kysely, sql } from 'kysely';

/**
 * Web push, a third channel beside email and SMS (issue 32):
 * - push_subscriptions: one row per browser or installed app a customer turned notifications on
 *   in (the push service's endpoint and the keys its messages are encrypted to). An endpoint
 *   belongs to one customer at a time: the latest to subscribe on that device;
 * - notification_preferences.for_push: the same per-type choices as email and SMS;
 * - message_outbox rows of channel `push`, naming the device they go to (a removed device's rows
 *   fail instead of going anywhere else);
 * - web_push_keys: the VAPID key pair generated for development and tests when the configuration
 *   gives none (production must configure its own; see config.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_subscriptions (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null references customers(id) on delete cascade,
      endpoint text not null unique check (length(endpoint) <= 2048),
      p256dh text not null check (length(p256dh) between 80 and 100),
      auth text not null check (length(auth) between 16 and 32),
      device text not null check (length(device) between 1 and 80),
      created_at timestamptz not null default now(),
      last_sent_at timestamptz
    )`.execute(db);
  await sql`create index push_subscriptions_customer on push_subscriptions (customer_id)`.execute(db);
  await sql`alter table notification_preferences add column for_push text[] not null default '{}'`.execute(
    db,
  );
  await sql`alter table message_outbox drop constraint if exists message_outbox_channel_check`.execute(db);
  await sql`alter table message_outbox add constraint message_outbox_channel_check
    check (channel in ('email', 'sms', 'push'))`.execute(db);
  await sql`alter table message_outbox add column push_subscription_id uuid
    references push_subscriptions(id) on delete set null`.execute(db);
  await sql`create index message_outbox_push_device on message_outbox (push_subscription_id)
    where push_subscription_id is not null`.execute(db);
  await sql`
    create table web_push_keys (
      id text primary key,
      public_key text not null,
      private_key text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists web_push_keys`.execute(db);
  await sql`delete from message_outbox where channel = 'push'`.execute(db);
  await sql`alter table message_outbox drop column if exists push_subscription_id`.execute(db);
  await sql`alter table message_outbox drop constraint if exists message_outbox_channel_check`.execute(db);
  await sql`alter table message_outbox add constraint message_outbox_channel_check
    check (channel in ('email', 'sms'))`.execute(db);
  await sql`alter table notification_preferences drop column if exists for_push`.execute(db);
  await sql`drop table if exists push_subscriptions`.execute(db);
}
