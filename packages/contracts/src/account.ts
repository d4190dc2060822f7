import { z } from 'zod';
import { messages } from './messages.ts';

/** Account security and settings: MFA, password change, notifications, deletion. */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * PUT /customers/change-password. The password travels in plain text inside TLS (ADR 0006);
 * `randomBytes` is the spec's AES IV and is refused when present, so a client still
 * encrypting cannot set its ciphertext as the password by mistake.
 */
export const changePasswordRequest = z
  .object({
    password: z
      .string({ error: messages.passwordRequired })
      .min(1, messages.passwordRequired)
      .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong),
    confirmPassword: z
      .string()
      .max(PASSWORD_MAX_LENGTH * 2)
      .optional(),
    randomBytes: z.string().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.randomBytes)
      ctx.addIssue({
        code: 'custom',
        path: ['randomBytes'],
        message: messages.passwordEncryptionUnsupported,
      });
    if (v.password.length > 0 && v.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.passwordTooShort });
    }
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsMustMatch });
    }
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const mfaTypes = ['authenticator', 'sms', 'email'] as const;
export type MfaType = (typeof mfaTypes)[number];

/** GET /mfa answers a list: one confirmed record, or [] when MFA is off. */
export interface MfaStatusRecord {
  status: 'confirmed';
  type: MfaType;
}

/** POST /mfa?status=true (data: { url } to open in a new tab) or ?status=false. */
export const mfaToggleQuery = z.object({
  status: z.enum(['true', 'false'], { error: 'status must be true or false' }),
});

export interface MfaEnrolmentLink {
  url: string;
}

/** payin is shown as Charges, payout as Payments, subscription as Subscription Updates. */
export const notificationTypes = ['payin', 'payout', 'subscription'] as const;
export type NotificationType = (typeof notificationTypes)[number];

const notificationList = z
  .array(z.enum(notificationTypes, { error: 'Unknown notification type' }))
  .max(notificationTypes.length * 2)
  .transform((list) => notificationTypes.filter((t) => list.includes(t)));

/**
 * POST /customers/notification; also the `notification` field of the customer record. `forPush`
 * (web push, issue 32) may be left out by older clients: the saved push choices then stay as they are.
 */
export const notificationPreferences = z.object({
  forEmail: notificationList,
  forSms: notificationList,
  forPush: notificationList.optional(),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferences>;
export interface NotificationPreferences {
  forEmail: NotificationType[];
  forSms: NotificationType[];
  forPush: NotificationType[];
}

/** With no choice saved yet: everything by email, nothing by SMS or push. */
export const defaultNotificationPreferences: NotificationPreferences = {
  forEmail: [...notificationTypes],
  forSms: [],
  forPush: [],
};

/** The channels of the notifications table, as the settings screen names them. */
export const notificationChannels = ['forEmail', 'forSms', 'forPush'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** DELETE /customers sends the code; DELETE /customers?code=1234 deletes the account. */
export const deleteAccountQuery = z.object({
  code: z.string().trim().max(12).optional(),
});

/** DELETE /customers (no code): where the code went, masked. */
export interface DeletionCodeSent {
  channel: 'sms' | 'email';
  to: string;
}

// REAUTHENTICATE (the 401 code asking for a fresh sign-in) lives in envelope.ts, which the web
// app's API client reads without zod.
