import type { Db } from '../../platform/db.ts';
import { enqueuePush, type PushPayload } from '../../platform/outbox.ts';

/**
 * Queues one push message per device of the customer, in the caller's transaction. The dedupe
 * key `${key}:push:${device}` makes a second pass over the same event a no-op, per device.
 * Returns how many devices the message was queued for.
 */
export async function pushToDevices(
  tx: Db,
  customerId: string,
  payload: PushPayload,
  key: string,
): Promise<number> {
  const devices = await tx
    .selectFrom('push_subscriptions as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .select(['p.id', 'c.issuer', 'c.subject'])
    .where('p.customer_id', '=', customerId)
    .execute();
  for (const d of devices) {
    await enqueuePush(tx, {
      subscriptionId: d.id,
      payload,
      dedupeKey: `${key}:push:${d.id}`,
      account: { issuer: d.issuer, subject: d.subject },
    });
  }
  return devices.length;
}

/**
 * A push notification from a message's SMS words: the title says what it is about (the email's
 * subject), the body what happened, without the "Pria: " the SMS starts with (the notification
 * already shows the app's name and icon).
 */
export function pushFromSms(p: { title: string; sms: string; url: string; tag: string }): PushPayload {
  const body = p.sms.replace(/^Pria:\s*/, '');
  return { title: p.title, body: body.charAt(0).toUpperCase() + body.slice(1), url: p.url, tag: p.tag };
}
