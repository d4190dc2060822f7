import type { Db } from './db.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Makes the enqueue idempotent: a second message with the same key is dropped. */
  dedupeKey?: string;
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
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

export async function enqueueSms(
  db: Db,
  sms: { to: string; text: string; dedupeKey?: string },
): Promise<void> {
  await db
    .insertInto('message_outbox')
    .values({
      channel: 'sms',
      recipient: sms.to,
      subject: null,
      text_body: sms.text,
      dedupe_key: sms.dedupeKey ?? null,
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
  push: { subscriptionId: string; payload: PushPayload; dedupeKey: string },
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
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}
