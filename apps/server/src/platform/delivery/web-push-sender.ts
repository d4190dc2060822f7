import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { pushDeviceKeysProblem } from '../push-device-keys.ts';
import type { VapidKeys } from '../web-push-keys.ts';
import { SendError } from './ports.ts';

/** A device's subscription as the browser gave it (push_subscriptions). */
export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A push the service refused because the device is gone (unsubscribed, app uninstalled): 404 or 410. */
export class PushDeviceGone extends SendError {
  constructor(message: string) {
    super(message, { permanent: true });
    this.name = 'PushDeviceGone';
  }
}

/** Sends one web push message; resolves once the push service accepted it (201), throws otherwise. */
export interface PushSender {
  send(device: PushDevice, payload: string, opts: { dedupeKey: string }): Promise<void>;
}

/** How long a push service keeps a message for a device that is off (a day: older news is stale). */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Web push: the `web-push` package encrypts the payload to the device (RFC 8291, aes128gcm) and
 * signs the request with our VAPID key (RFC 8292); we post it with fetch (web-push's own sender
 * speaks https only, and the tests' stand-in push service listens on plain loopback http). The
 * Topic header, derived from the message's dedupe key, makes the push service replace an
 * undelivered copy instead of queueing a second one, and the service worker shows one
 * notification per tag: a message sent twice (the outbox's crash edge) reaches the customer once.
 */
export function createWebPushSender(opts: {
  vapid: VapidKeys;
  subject: string;
  timeoutMs?: number;
}): PushSender {
  return {
    async send(device, payload, { dedupeKey }) {
      // A device stored before its keys were checked at subscription (issue 39): no message can
      // ever be encrypted to it, so trying again would only repeat the failure.
      const keysProblem = pushDeviceKeysProblem(device);
      if (keysProblem) throw new SendError(`device keys refused: ${keysProblem}`, { permanent: true });
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails: {
            subject: opts.subject,
            publicKey: opts.vapid.publicKey,
            privateKey: opts.vapid.privateKey,
          },
          TTL: TTL_SECONDS,
          urgency: 'normal',
          topic: pushTopic(dedupeKey),
          contentEncoding: 'aes128gcm',
        },
      );
      let res: Response;
      try {
        res = await fetch(request.endpoint, {
          method: 'POST',
          headers: request.headers as Record<string, string>,
          body: request.body,
          redirect: 'error',
          signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
        });
      } catch (err) {
        throw new SendError(`push service unreachable: ${String(err)}`, { permanent: false, cause: err });
      }
      if (res.ok) return;
      const detail = (await res.text().catch(() => '')).slice(0, 200);
      if (res.status === 404 || res.status === 410)
        throw new PushDeviceGone(`push service: ${res.status} (device gone)`);
      // 400 malformed, 403 VAPID signature refused, 413 too large: sending again cannot help.
      const permanent = res.status === 400 || res.status === 403 || res.status === 413;
      throw new SendError(`push service: ${res.status} ${detail}`.trim(), { permanent });
    },
  };
}

/** RFC 8030 Topic: at most 32 base64url characters. */
export function pushTopic(dedupeKey: string): string {
  return createHash('sha256').update(dedupeKey).digest('base64url').slice(0, 32);
}
