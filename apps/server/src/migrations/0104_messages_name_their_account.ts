import { type Kysely, sql } from 'kysely';

/**
 * Each message in the outbox names the account it was sent for (issue 39): the identity's issuer
 * and subject, as customers and consent records key it, or neither (the support inbox). A data
 * download matched messages by address, so a customer who typed someone else's phone number (it
 * is not verified) got the SMS sent to that number for the other account in their file. Now it
 * holds the messages sent for its own account, and only those, whatever the address.
 *
 * Rows queued before this migration get their account where a key ties them to one, never from
 * the address alone: a push message by its device, a money event's email and SMS by the event
 * (dedupe key `<event id>:email|sms`), a notice's by the notice (`notice:<id>:…`), a security
 * notice's by its notice row (`security:…:email|sms`). The rest (sign-in codes, verification and
 * reset links queued before) stay without an account, in no one's download.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table message_outbox
    add column account_issuer text,
    add column account_subject text,
    add constraint message_outbox_account_whole check ((account_issuer is null) = (account_subject is null))`.execute(
    db,
  );
  await sql`create index message_outbox_account on message_outbox (account_subject, account_issuer)
    where account_subject is not null`.execute(db);

  await sql`
    update message_outbox m set account_issuer = c.issuer, account_subject = c.subject
    from push_subscriptions p join customers c on c.id = p.customer_id
    where m.push_subscription_id = p.id`.execute(db);
  await sql`
    update message_outbox m set account_issuer = c.issuer, account_subject = c.subject
    from money_events e join customers c on c.id = e.customer_id
    where m.account_subject is null and m.dedupe_key ~ '^[0-9]{1,18}:(email|sms)$'
      and e.id = split_part(m.dedupe_key, ':', 1)::bigint`.execute(db);
  await sql`
    update message_outbox m set account_issuer = c.issuer, account_subject = c.subject
    from customer_notices n join customers c on c.id = n.customer_id
    where m.account_subject is null and m.dedupe_key ~ '^notice:[0-9]{1,18}:(email|sms)$'
      and n.id = split_part(m.dedupe_key, ':', 2)::bigint`.execute(db);
  await sql`
    update message_outbox m set account_issuer = c.issuer, account_subject = c.subject
    from customer_notices n join customers c on c.id = n.customer_id
    where m.account_subject is null and m.dedupe_key like 'security:%'
      and n.dedupe_key = regexp_replace(m.dedupe_key, ':(email|sms)$', '')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists message_outbox_account`.execute(db);
  await sql`alter table message_outbox
    drop constraint if exists message_outbox_account_whole,
    drop column if exists account_issuer,
    drop column if exists account_subject`.execute(db);
}
