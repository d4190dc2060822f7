import type { Db } from '../../platform/db.ts';
import { enqueueEmail, enqueueSms } from '../../platform/outbox.ts';
import { composeMoneyMessages } from './compose-money-messages.ts';
import { moneyEmailWanted, notificationTypeOf } from './money-email-rules.ts';
import { findRecipient, type MoneyEventRow, markEventProcessed } from './notifications.repo.ts';
import { getNotificationPreferences } from './preferences.repo.ts';
import { pushFromSms, pushToDevices } from './push-to-devices.ts';

export interface NotifyOutcome {
  email: boolean;
  sms: boolean;
  /** Devices a push was queued for. */
  push: number;
}

/**
 * Turns one money event into the customer's chosen messages, inside the caller's transaction
 * (which holds the event's row lock): the outbox rows and processed_at commit together. The
 * dedupe keys `${event.id}:email` / `${event.id}:sms` / `${event.id}:push:<device>` make a second pass over the same event
 * a no-op even if processed_at were lost.
 */
export async function notifyMoneyEvent(
  tx: Db,
  event: MoneyEventRow,
  ctx: { publicUrl: string; now: Date },
): Promise<NotifyOutcome> {
  const outcome = { email: false, sms: false, push: 0 };
  let withheld = false;
  const customer = await findRecipient(tx, event.customer_id);
  // A deleted account has no addresses left and asked us to stop; the event is simply done.
  if (customer && !customer.deleted_at) {
    const prefs = await getNotificationPreferences(tx, event.customer_id);
    const account = { issuer: customer.issuer, subject: customer.subject };
    const about = { planCharge: event.attempt_kind === 'subscription' };
    const type = notificationTypeOf(event.type, about);
    // Receipts, refunds and the like go whatever the settings (money-email-rules.ts).
    const emailWanted = moneyEmailWanted(prefs, event.type, about);
    // NOTE: only a verified address gets money notices: an unverified one may be a typo that
    // belongs to someone else, and these emails name the card and the amounts. The email is
    // withheld, not dropped: it goes out once the address is verified.
    const email = customer.email && customer.email_verified ? customer.email.toLowerCase() : null;
    const phone = customer.phone && /^\d{10}$/.test(customer.phone) ? `+1${customer.phone}` : null;
    const wantsEmail = Boolean(email) && emailWanted;
    const wantsSms = Boolean(phone) && prefs.forSms.includes(type);
    const wantsPush = prefs.forPush.includes(type);
    // Kept for when the address is verified (release-withheld-emails.ts): a receipt is owed.
    withheld = Boolean(customer.email) && !email && emailWanted;
    if (wantsEmail || wantsSms || wantsPush) {
      const m = await composeMoneyMessages(tx, event, { firstName: customer.first_name, account, ...ctx });
      if (wantsEmail && email) {
        await enqueueEmail(tx, { to: email, ...m.email, dedupeKey: `${event.id}:email`, account });
        outcome.email = true;
      }
      if (wantsSms && phone) {
        await enqueueSms(tx, { to: phone, text: m.sms, dedupeKey: `${event.id}:sms`, account });
        outcome.sms = true;
      }
      if (wantsPush) {
        const payload = pushFromSms({
          title: m.email.subject,
          sms: m.sms,
          url: '/dashboard',
          tag: `money-${event.id}`,
        });
        outcome.push = await pushToDevices(tx, event.customer_id, payload, String(event.id));
      }
    }
  }
  await markEventProcessed(tx, event.id, ctx.now, withheld);
  return outcome;
}
