import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import { createDb, type Db } from './db.ts';
import { createMigrator, migrateToLatest } from './migrate.ts';

/**
 * Messages queued before each named the account it was sent for (migration 0104, issue 39): the
 * migration gives them their account where a key ties them to one, and never by address, since
 * another account may have typed the same phone number as its own.
 */
const MIGRATION = '0104_messages_name_their_account';
let db: Db;

beforeAll(async () => {
  db = createDb(await createTestDatabase({ empty: true }), 2).db;
  // The schema as it was just before the migration.
  const migrator = createMigrator(db);
  const names = (await migrator.getMigrations()).map((m) => m.name);
  const before = names[names.indexOf(MIGRATION) - 1];
  if (!before) throw new Error(`no migration before ${MIGRATION}`);
  const { error } = await migrator.migrateTo(before);
  if (error) throw error;
}, 60_000);
afterAll(() => db?.destroy());

describe('messages queued before migration 0104', () => {
  it('get the account their device, money event or notice names, and none from their address alone', async () => {
    const customers = await sql<{ id: string; subject: string }>`
      insert into customers (issuer, subject, email, email_verified, phone) values
        ('https://pria.test/oidc', 'auth|ann', 'ann@pria.test', true, '2025550111'),
        ('https://pria.test/oidc', 'auth|eve', 'eve@pria.test', true, '2025550111')
      returning id, subject`.execute(db);
    const id = (subject: string) => customers.rows.find((c) => c.subject === subject)?.id;
    const ann = id('auth|ann');
    const eve = id('auth|eve');
    const event = await sql<{ id: string }>`
      insert into money_events (type, dedupe_key, customer_id, amount_cents, occurred_at)
      values ('payout.sent', 'payout:1', ${ann}, 300, now()) returning id`.execute(db);
    const notice = await sql<{ id: string }>`
      insert into customer_notices (type, dedupe_key, customer_id)
      values ('card.expiring', 'card-expiring:1', ${ann}) returning id`.execute(db);
    await sql`insert into customer_notices (type, dedupe_key, customer_id)
      values ('security.password_changed', 'security:auth|eve:password_changed:e1', ${eve})`.execute(db);
    const device = await sql<{ id: string }>`
      insert into push_subscriptions (customer_id, endpoint, p256dh, auth, device)
      values (${ann}, 'https://fcm.googleapis.com/fcm/send/ann', ${'B'.repeat(87)}, ${'a'.repeat(22)}, 'Chrome')
      returning id`.execute(db);
    const eventId = event.rows[0]?.id;
    const noticeId = notice.rows[0]?.id;
    const deviceId = device.rows[0]?.id;
    await sql`insert into message_outbox (channel, recipient, subject, text_body, dedupe_key, push_subscription_id) values
      ('sms', '+12025550111', null, 'paid back', ${`${eventId}:sms`}, null),
      ('email', 'ann@pria.test', 'Paid back', 'paid back', ${`${eventId}:email`}, null),
      ('sms', '+12025550111', null, 'card expiring', ${`notice:${noticeId}:sms`}, null),
      ('sms', '+12025550111', null, 'password changed', 'security:auth|eve:password_changed:e1:sms', null),
      ('push', ${`push:${deviceId}`}, 'Paid back', '{}', ${`${eventId}:push:${deviceId}`}, ${deviceId}),
      ('sms', '+12025550111', null, 'Your Pria sign-in code is 123456', null, null),
      ('email', 'ann@pria.test', 'Verify your Pria email address', 'link', null, null)`.execute(db);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('message_outbox')
      .select(['dedupe_key', 'text_body', 'account_issuer', 'account_subject'])
      .orderBy('id')
      .execute();
    const owner = (r: (typeof rows)[number]) => r.account_subject;
    expect(rows.map((r) => [r.text_body, owner(r)])).toEqual([
      ['paid back', 'auth|ann'],
      ['paid back', 'auth|ann'],
      ['card expiring', 'auth|ann'],
      // Eve's notice went to the number Ann has too: it is Eve's.
      ['password changed', 'auth|eve'],
      ['{}', 'auth|ann'],
      // No key ties these to an account; the number is both Ann's and Eve's.
      ['Your Pria sign-in code is 123456', null],
      ['link', null],
    ]);
    for (const r of rows) expect(r.account_issuer).toBe(r.account_subject ? 'https://pria.test/oidc' : null);
  });

  it('refuses a message naming half an account', async () => {
    await expect(
      sql`insert into message_outbox (channel, recipient, text_body, account_subject)
        values ('sms', '+12025550111', 'x', 'auth|ann')`.execute(db),
    ).rejects.toThrow(/message_outbox_account_whole/);
  });
});
