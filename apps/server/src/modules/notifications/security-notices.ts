import type { Db } from '../../platform/db.ts';
import { accountLanguage } from '../../platform/language.ts';
import { enqueueEmail, enqueueSms } from '../../platform/outbox.ts';
import {
  type SecurityEventNotice,
  securityNoticeKey,
  securityNoticeWords,
} from '../../platform/security-notices.ts';
import { getNotificationPreferences } from './preferences.repo.ts';
import { pushFromSms, pushToDevices } from './push-to-devices.ts';

/**
 * A security notice (password changed or reset, MFA turned on or off, a recovery code used to
 * sign in), exactly once per event:
 * the customer_notices row (unique on `security:<subject>:<event>:<eventId>`) and its outbox
 * rows commit together in the caller's transaction. Email always, to the sign-in address even
 * when unverified (the owner of the address must hear that its account changed); SMS too when
 * the customer receives any of their notifications by SMS, and a push to their devices when they
 * receive any by push. An identity without a customer
 * record (never opened the app) still gets the email, once by the outbox's own unique key.
 * Returns false when this event was already notified.
 */
export async function sendSecurityNotice(
  tx: Db,
  n: SecurityEventNotice & { issuer: string },
  ctx: { publicUrl: string },
): Promise<boolean> {
  const key = securityNoticeKey(n);
  const account = { issuer: n.issuer, subject: n.userId };
  // In the account's language, whatever sent it (ADR 74).
  const w = securityNoticeWords(n, ctx.publicUrl, await accountLanguage(tx, account));
  const customer = await tx
    .selectFrom('customers')
    .select(['id', 'email', 'phone'])
    .where('issuer', '=', n.issuer)
    .where('subject', '=', n.userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!customer) {
    await enqueueEmail(tx, {
      to: n.email,
      subject: w.subject,
      text: w.text,
      dedupeKey: `${key}:email`,
      account,
    });
    return true;
  }
  const row = await tx
    .insertInto('customer_notices')
    .values({
      type: `security.${n.event}`,
      dedupe_key: key,
      customer_id: customer.id,
      data: JSON.stringify({ type: `security.${n.event}` }),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  const to = (n.email || customer.email || '').toLowerCase();
  if (to)
    await enqueueEmail(tx, { to, subject: w.subject, text: w.text, dedupeKey: `${key}:email`, account });
  const prefs = await getNotificationPreferences(tx, customer.id);
  if (customer.phone && /^\d{10}$/.test(customer.phone) && prefs.forSms.length > 0) {
    await enqueueSms(tx, { to: `+1${customer.phone}`, text: w.sms, dedupeKey: `${key}:sms`, account });
  }
  if (prefs.forPush.length > 0) {
    const payload = pushFromSms({
      title: w.subject,
      sms: w.sms,
      url: '/dashboard/account/security',
      tag: key,
    });
    await pushToDevices(tx, customer.id, payload, key);
  }
  return true;
}
