import { z } from 'zod';

/** What a device's push keys must be (the words of a 400). */
export const pushKeyMessages = {
  p256dh:
    'keys.p256dh must be a P-256 public key: 65 bytes, an uncompressed point on the curve, in base64url',
  auth: 'keys.auth must be a 16-byte secret in base64url',
} as const;

/**
 * Web push (issue 32): a device's subscription as the browser's PushSubscription.toJSON() gives
 * it. The endpoint is the push service's URL for that device; the keys are what messages are
 * encrypted to (a P-256 public key, 65 bytes, and a 16-byte auth secret, base64url).
 */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ error: 'endpoint must be a URL' }).max(2048),
  keys: z.object({
    // 65 bytes are 87 base64url characters (88 padded), 16 bytes 22 (24 padded). That the key is
    // a point on the curve is the server's check (platform/push-device-keys.ts, issue 39).
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, pushKeyMessages.p256dh),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, pushKeyMessages.auth),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

export const pushDeviceParams = z.object({ id: z.uuid({ error: 'Not found' }) });
