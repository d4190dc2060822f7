import type { Db } from '../../platform/db.ts';
import { accountLanguage } from '../../platform/language.ts';
import { enqueueEmail, enqueueSms } from '../../platform/outbox.ts';
import { type NoticeData, noticeMessages, noticeSmsType } from './notice-messages.ts';
import { findRecipient } from './notifications.repo.ts';
import { getNotificationPreferences } from './preferences.repo.ts';
import { pushFromSms, pushToDevices } from './push-to-devices.ts';

export interface Notice {
  data: NoticeData;
  /** Exactly once: a second notice with this key sends nothing. */
  dedupeKey: string;
  customerId: string;
  subscriptionId?: string | null;
  cardId?: string | null;
}

/**
 * Sends a lifecycle notice at most once, in the caller's transaction: the notice row (unique on
 * its dedupe key) and its outbox rows commit together. Email to a verified address always (a
 * renewal reminder or a cancellation is a notice the law expects, not marketing); SMS when the
 * customer chose SMS for that kind of message, push likewise. Returns false when it was already sent.
 */
export async function sendCustomerNotice(tx: Db, n: Notice, ctx: { publicUrl: string }): Promise<boolean> {
  const row = await tx
    .insertInto('customer_notices')
    .values({
      type: n.data.type,
      dedupe_key: n.dedupeKey,
      customer_id: n.customerId,
      subscription_id: n.subscriptionId ?? null,
      card_id: n.cardId ?? null,
      data: JSON.stringify(n.data),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  const customer = await findRecipient(tx, n.customerId);
  if (!customer || customer.deleted_at) return true;
  // In the customer's language, whatever sent it (ADR 74).
  const account = { issuer: customer.issuer, subject: customer.subject };
  const m = noticeMessages({
    data: n.data,
    firstName: customer.first_name,
    publicUrl: ctx.publicUrl,
    lang: await accountLanguage(tx, account),
  });
  // NOTE: as for money notices, only a verified address: an unverified one may be someone else's.
  if (customer.email && customer.email_verified) {
    await enqueueEmail(tx, {
      to: customer.email.toLowerCase(),
      ...m.email,
      dedupeKey: `notice:${row.id}:email`,
      account: { issuer: customer.issuer, subject: customer.subject },
    });
  }
  const prefs = await getNotificationPreferences(tx, n.customerId);
  if (
    customer.phone &&
    /^\d{10}$/.test(customer.phone) &&
    prefs.forSms.includes(noticeSmsType(n.data.type))
  ) {
    await enqueueSms(tx, {
      to: `+1${customer.phone}`,
      text: m.sms,
      dedupeKey: `notice:${row.id}:sms`,
      account: { issuer: customer.issuer, subject: customer.subject },
    });
  }
  if (prefs.forPush.includes(noticeSmsType(n.data.type))) {
    const payload = pushFromSms({
      title: m.email.subject,
      sms: m.sms,
      url: n.data.type === 'card.expiring' ? '/dashboard/account/payment' : '/dashboard/account/subscription',
      tag: `notice-${row.id}`,
    });
    await pushToDevices(tx, n.customerId, payload, `notice:${row.id}`);
  }
  return true;
}
