import { type Kysely, sql } from 'kysely';

/**
 * push_subscriptions.user_agent (issue 42): the browser's User-Agent when push was turned on, so
 * the device list names it in the reader's language ("Chrome en Android") by the same rule as
 * Account → Security's devices (platform/device-words.ts). `device` keeps the English name it was
 * given; rows from before have no user agent and show it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table push_subscriptions add column user_agent text
    check (user_agent is null or length(user_agent) <= 512)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table push_subscriptions drop column if exists user_agent`.execute(db);
}
