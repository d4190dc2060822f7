import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { listUnprocessedEventIds, lockUnprocessedEvent } from './notifications.repo.ts';
import { notifyMoneyEvent } from './notify-money-event.ts';
import { releaseWithheldEmails } from './release-withheld-emails.ts';

export interface NotificationDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Links in emails point here. */
  publicUrl: string;
}

export interface ProcessResult {
  /** New events notified. */
  processed: number;
  /** Emails queued: for new events, and those withheld until the address was verified. */
  emails: number;
  sms: number;
  /** Push messages queued (one per device). */
  push: number;
}

/**
 * Sends the money emails withheld until an address was verified (release-withheld-emails.ts),
 * then notifies up to `limit` new money events, oldest first, one transaction per event. Several
 * workers can run this at once: each event is locked with SKIP LOCKED and re-checked, so it
 * is handled by exactly one of them. An event that fails (a bug, a lost connection) stays
 * unprocessed and is tried again on the next pass; it does not block the ones after it.
 */
export async function processMoneyEvents(
  deps: NotificationDeps,
  opts: { limit?: number } = {},
): Promise<ProcessResult> {
  const result: ProcessResult = { processed: 0, emails: 0, sms: 0, push: 0 };
  result.emails += await releaseWithheldEmails(deps, opts);
  const ids = await listUnprocessedEventIds(deps.db, opts.limit ?? 100);
  for (const id of ids) {
    try {
      const outcome = await deps.db.transaction().execute(async (tx) => {
        const event = await lockUnprocessedEvent(tx, id);
        if (!event) return undefined;
        return notifyMoneyEvent(tx, event, { publicUrl: deps.publicUrl, now: deps.clock.now() });
      });
      if (!outcome) continue;
      result.processed++;
      if (outcome.email) result.emails++;
      if (outcome.sms) result.sms++;
      result.push += outcome.push;
    } catch (err) {
      deps.logger.error({ err, moneyEventId: id }, 'could not notify a money event; will retry');
    }
  }
  return result;
}
