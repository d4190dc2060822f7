import type { Clock } from '../clock.ts';
import type { Db } from '../db.ts';
import type { Logger } from '../logger.ts';
import { retryDelayMs } from './backoff.ts';
import {
  type ClaimedMessage,
  claimDueMessages,
  findPushDevice,
  markFailedTry,
  markPushDeviceUsed,
  markSent,
  removePushDevice,
} from './delivery.repo.ts';
import { type EmailSender, SendError, type SmsSender } from './ports.ts';
import { PushDeviceGone, type PushSender } from './web-push-sender.ts';

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Unset: emails are not delivered and stay pending in the outbox (/dev/outbox in development). */
  email: EmailSender | undefined;
  /** Unset: SMS are not delivered and stay pending in the outbox. */
  sms: SmsSender | undefined;
  /** Unset (no VAPID keys): push messages stay pending in the outbox. */
  push?: PushSender | undefined;
  /** Tries before a message is marked failed. */
  maxAttempts: number;
}

export interface DeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * How long a claimed row belongs to its deliverer. Far longer than a send can take (the
 * senders time out within a minute), so it only runs out when the process died mid-send.
 */
export const LEASE_MS = 5 * 60_000;

/**
 * Sends due messages of the configured channels, once each.
 *
 * NOTE: at-least-once, not exactly-once. A row is marked `sending` (with a lease) before the
 * network call and `sent` only after the mail server / SMS provider accepted it, so the common
 * failures (server unreachable, message refused) never lose or duplicate anything. The one
 * edge: the process dies (or loses the database) after the provider accepted the message and
 * before the row is marked sent. The row then sits `sending` until its lease runs out and is
 * sent again: one possible duplicate, recorded in last_error, and for email carrying the same
 * Message-ID as the first.
 * We prefer that to silently dropping a message (a sign-in or deletion code, a charge notice).
 */
export async function deliverPending(
  deps: DeliveryDeps,
  opts: { limit?: number; now?: Date } = {},
): Promise<DeliveryResult> {
  const now = opts.now ?? deps.clock.now();
  const channels = [
    ...(deps.email ? (['email'] as const) : []),
    ...(deps.sms ? (['sms'] as const) : []),
    ...(deps.push ? (['push'] as const) : []),
  ];
  const claimed = await claimDueMessages(deps.db, {
    channels,
    now,
    leaseUntil: new Date(now.getTime() + LEASE_MS),
    limit: opts.limit ?? 10,
  });
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };
  // Each message is independent; sending them side by side keeps a slow one from holding the rest.
  await Promise.all(
    claimed.map(async (m) => {
      const outcome = await sendOne(deps, m, now);
      result[outcome]++;
    }),
  );
  return result;
}

async function sendOne(deps: DeliveryDeps, m: ClaimedMessage, now: Date): Promise<keyof DeliveryResult> {
  if (m.interrupted)
    deps.logger.warn({ messageId: m.id }, 'resending a message whose earlier send was interrupted');
  try {
    // A customer who deleted their account has their address erased from the row.
    if (m.recipient === '[erased]') throw new SendError('recipient erased', { permanent: true });
    // A message whose sends keep dying with the process must not crash workers forever.
    if (m.interrupted && m.attempts > deps.maxAttempts) {
      throw new SendError('gave up: sends were interrupted too often', { permanent: true });
    }
    if (m.channel === 'push') {
      await sendPush(deps, m, now);
    } else {
      const sender = m.channel === 'email' ? deps.email : deps.sms;
      if (!sender) throw new SendError(`${m.channel} is not configured`, { permanent: false });
      await sender.send({
        id: m.id,
        recipient: m.recipient,
        subject: m.subject,
        text: m.text_body,
        html: m.html_body,
      });
    }
  } catch (err) {
    // The device unsubscribed or its app is gone: it is removed, so nothing is sent to it again.
    if (err instanceof PushDeviceGone && m.push_subscription_id) {
      await removePushDevice(deps.db, m.push_subscription_id);
    }
    const error =
      err instanceof SendError ? err : new SendError(String(err), { permanent: false, cause: err });
    const giveUp = error.permanent || m.attempts >= deps.maxAttempts;
    await markFailedTry(deps.db, m.id, {
      error: error.message,
      giveUp,
      retryAt: new Date(now.getTime() + retryDelayMs(m.attempts)),
    });
    deps.logger.warn(
      { messageId: m.id, channel: m.channel, attempts: m.attempts, giveUp, error: error.message },
      giveUp ? 'message delivery failed for good' : 'message delivery failed; will retry',
    );
    return giveUp ? 'failed' : 'retrying';
  }
  await markSent(deps.db, m.id, now);
  return 'sent';
}

/** A push message: to its device as stored now (removed meanwhile: nowhere, for good). */
async function sendPush(deps: DeliveryDeps, m: ClaimedMessage, now: Date): Promise<void> {
  if (!deps.push) throw new SendError('push is not configured', { permanent: false });
  const device = m.push_subscription_id ? await findPushDevice(deps.db, m.push_subscription_id) : undefined;
  if (!device || !m.push_subscription_id) throw new SendError('device removed', { permanent: true });
  await deps.push.send(device, m.text_body, { dedupeKey: `outbox-${m.id}` });
  await markPushDeviceUsed(deps.db, m.push_subscription_id, now);
}
