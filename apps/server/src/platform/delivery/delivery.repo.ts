import { sql } from 'kysely';
import type { Db } from '../db.ts';

export interface ClaimedMessage {
  id: number;
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  /** A push message's device; null once the customer removed it. */
  push_subscription_id: string | null;
  subject: string | null;
  text_body: string;
  html_body: string | null;
  attempts: number;
  /** True when the row was found `sending` past its lease: an earlier send may have gone out. */
  interrupted: boolean;
}

export const INTERRUPTED_NOTE = 'an earlier send was interrupted and may have been delivered';

/**
 * Leases up to `limit` due messages of the given channels to this deliverer: pending rows whose
 * time has come, and rows abandoned mid-send (still `sending` after their lease). Each claim
 * counts as an attempt, so a message that crashes its sender cannot loop forever.
 */
export async function claimDueMessages(
  db: Db,
  opts: { channels: ('email' | 'sms' | 'push')[]; now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedMessage[]> {
  if (opts.channels.length === 0) return [];
  const res = await sql<ClaimedMessage>`
    update message_outbox m
    set status = 'sending', lease_until = ${opts.leaseUntil}, attempts = m.attempts + 1,
        last_error = case when c.status = 'sending' then ${INTERRUPTED_NOTE} else m.last_error end
    from (
      select id, status from message_outbox
      where channel in (${sql.join(opts.channels)})
        and ((status = 'pending' and next_attempt_at <= ${opts.now})
             or (status = 'sending' and lease_until < ${opts.now}))
      order by next_attempt_at, id
      limit ${opts.limit}
      for update skip locked
    ) c
    where m.id = c.id
    returning m.id, m.channel, m.recipient, m.push_subscription_id, m.subject, m.text_body, m.html_body, m.attempts,
              (c.status = 'sending') as interrupted`.execute(db);
  return res.rows.sort((a, b) => a.id - b.id);
}

/** The provider accepted the message. Only the holder of the lease moves the row on. */
export async function markSent(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('message_outbox')
    .set({ status: 'sent', sent_at: at, lease_until: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** The send failed: back to pending at `retryAt`, or failed for good. */
export async function markFailedTry(
  db: Db,
  id: number,
  r: { error: string; giveUp: boolean; retryAt: Date },
): Promise<void> {
  await db
    .updateTable('message_outbox')
    .set({
      status: r.giveUp ? 'failed' : 'pending',
      last_error: r.error,
      next_attempt_at: r.retryAt,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** The device a push message goes to; undefined when the customer removed it meanwhile. */
export function findPushDevice(db: Db, id: string) {
  return db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The push service said the device is gone (404/410): it will never receive again. */
export async function removePushDevice(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function markPushDeviceUsed(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_sent_at: at }).where('id', '=', id).execute();
}
