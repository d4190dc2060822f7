import type { Db } from './db.ts';

/**
 * The account a message is sent for: its identity, as customers and consent records key it
 * (issuer and subject). A data download holds the messages sent for the customer's own account
 * and only those, whatever address they went to (issue 39: an unverified phone number may be
 * someone else's). Null for a message sent for no account (the support inbox).
 */
export interface MessageAccount {
  issuer: string;
  subject: string;
}

const accountColumns = (account: MessageAccount | null) => ({
  account_issuer: account?.issuer ?? null,
  account_subject: account?.subject ?? null,
});

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Makes the enqueue idempotent: a second message with the same key is dropped. */
  dedupeKey?: string;
  /** Whose account it is sent for; every caller says (null: none). */
  account: MessageAccount | null;
}

/** Queues an email; pass a transaction to tie it to the change that caused it. */
export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<void> {
  await db
    .insertInto('message_outbox')
    .values({
      channel: 'email',
      recipient: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      dedupe_key: email.dedupeKey ?? null,
      ...accountColumns(email.account),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

export async function enqueueSms(
  db: Db,
  sms: { to: string; text: string; dedupeKey?: string; account: MessageAccount | null },
): Promise<void> {
  await db
    .insertInto('message_outbox')
    .values({
      channel: 'sms',
      recipient: sms.to,
      subject: null,
      text_body: sms.text,
      dedupe_key: sms.dedupeKey ?? null,
      ...accountColumns(sms.account),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** What the service worker shows (apps/web/src/sw/sw.ts): a title, a line, where a tap goes. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the app. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
}

/** Queues a push message to one device (push_subscriptions.id); the row fails if the device is removed first. */
export async function enqueuePush(
  db: Db,
  push: { subscriptionId: string; payload: PushPayload; dedupeKey: string; account: MessageAccount },
): Promise<void> {
  await db
    .insertInto('message_outbox')
    .values({
      channel: 'push',
      recipient: `push:${push.subscriptionId}`,
      push_subscription_id: push.subscriptionId,
      subject: push.payload.title,
      text_body: JSON.stringify(push.payload),
      dedupe_key: push.dedupeKey,
      ...accountColumns(push.account),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}
