import { z } from 'zod';

/**
 * Web push (issue 32): a device's subscription as the browser's PushSubscription.toJSON() gives
 * it. The endpoint is the push service's URL for that device; the keys are what messages are
 * encrypted to (a P-256 public key, 65 bytes, and a 16-byte auth secret, base64url).
 */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ error: 'endpoint must be a URL' }).max(2048),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'keys.p256dh must be a base64url P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/, 'keys.auth must be a base64url 16-byte secret'),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

export const pushDeviceParams = z.object({ id: z.uuid({ error: 'Not found' }) });
