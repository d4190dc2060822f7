import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import { composeMoneyMessages } from './compose-money-messages.ts';
import { moneyEmailWanted } from './money-email-rules.ts';
import {
  clearEmailWithheld,
  findRecipient,
  listReleasableEventIds,
  lockWithheldEvent,
} from './notifications.repo.ts';
import { getNotificationPreferences } from './preferences.repo.ts';

/**
 * How far back a withheld money email is still sent once the address is verified. Older ones
 * stay in the app (Activity, receipts under Documents): a month of old receipts arriving at
 * once would bury the one that matters.
 */
export const WITHHELD_EMAIL_DAYS = 30;

/**
 * Money emails the customer wanted while their address was unverified (issue 29: charge
 * receipts and "subscription started" never arrived), sent once the address is verified, by
 * whichever path it was verified (the link, or a new token from another provider). Each once:
 * the event's row is locked and unmarked in the transaction that queues its email, under the
 * same dedupe key as an email sent at once (`<event id>:email`), so it can never go twice.
 * Email settings are read again: a customer who has since turned the kind off gets nothing (a
 * receipt or refund is sent whatever the settings: money-email-rules.ts).
 * Returns how many emails were queued.
 */
export async function releaseWithheldEmails(
  deps: { db: Db; clock: Clock; logger: Logger; publicUrl: string },
  opts: { limit?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - WITHHELD_EMAIL_DAYS * 24 * 3600 * 1000);
  const ids = await listReleasableEventIds(deps.db, since, opts.limit ?? 100);
  let sent = 0;
  for (const id of ids) {
    try {
      const queued = await deps.db.transaction().execute(async (tx) => {
        const event = await lockWithheldEvent(tx, id);
        if (!event) return false;
        await clearEmailWithheld(tx, id);
        const customer = await findRecipient(tx, event.customer_id);
        if (!customer?.email || !customer.email_verified || customer.deleted_at) return false;
        const prefs = await getNotificationPreferences(tx, event.customer_id);
        if (!moneyEmailWanted(prefs, event.type, { planCharge: event.attempt_kind === 'subscription' }))
          return false;
        const account = { issuer: customer.issuer, subject: customer.subject };
        const m = await composeMoneyMessages(tx, event, {
          firstName: customer.first_name,
          publicUrl: deps.publicUrl,
          heldUntilVerified: true,
          account,
        });
        await enqueueEmail(tx, {
          to: customer.email.toLowerCase(),
          ...m.email,
          dedupeKey: `${event.id}:email`,
          account,
        });
        return true;
      });
      if (queued) sent++;
    } catch (err) {
      deps.logger.error({ err, moneyEventId: id }, 'could not send a withheld money email; will retry');
    }
  }
  return sent;
}
