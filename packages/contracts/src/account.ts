import { z } from 'zod';
import {
  deviceMessages,
  mfaTypes,
  type NotificationType,
  notificationTypes,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './account-words.ts';
import { messages } from './messages.ts';

// The settings' lists, limits and words live apart from the schemas (account-words.ts), so the
// account page reads them without zod.
export * from './account-words.ts';

/** Account security and settings: MFA, password change, notifications, deletion. */

/**
 * PUT /customers/change-password. The password travels in plain text inside TLS (ADR 0006);
 * `randomBytes` is the spec's AES IV and is refused when present, so a client still
 * encrypting cannot set its ciphertext as the password by mistake.
 */
export const changePasswordRequest = z
  .object({
    // The spec's words for an empty and a short one (both checked below), documented as they are.
    password: z
      .string({ error: messages.passwordRequired })
      .min(1, messages.passwordRequired)
      .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong)
      .meta({
        minLength: PASSWORD_MIN_LENGTH,
        description: `The new password: ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not a common or very weak one`,
      }),
    confirmPassword: z
      .string()
      .max(PASSWORD_MAX_LENGTH * 2)
      .optional()
      .meta({ description: 'When sent, must equal password ("Passwords must match")' }),
    currentPassword: z
      .string({ error: messages.currentPasswordRequired })
      .min(1, messages.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH * 4)
      .optional()
      .meta({
        description:
          'The password in use now (the web app always sends it). Checked like a sign-in: a wrong one is 400 and counts toward the sign-in lock (429 once locked). Without it the change needs a sign-in within the last 10 minutes (ADR 38).',
      }),
    randomBytes: z
      .string()
      .max(200)
      .optional()
      .meta({ deprecated: true, description: "The spec's AES IV: refused when present (ADR 0006)" }),
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

/** GET /mfa answers a list: one confirmed record, or [] when MFA is off. */
export const mfaStatusRecord = z.object({ status: z.literal('confirmed'), type: z.enum(mfaTypes) });
export type MfaStatusRecord = z.infer<typeof mfaStatusRecord>;

/** POST /mfa?status=true (data: { url } to open in a new tab) or ?status=false. */
export const mfaToggleQuery = z.object({
  status: z.enum(['true', 'false'], { error: 'status must be true or false' }),
});

export const mfaEnrolmentLink = z.object({ url: z.url() });

/** GET /account/session: answered only while the caller's session stands (401 once it ended). */
export const sessionStatus = z.object({ signedIn: z.literal(true) });
export type SessionStatus = z.infer<typeof sessionStatus>;

/** GET /mfa/recovery-codes: how many single-use recovery codes are left. */
export const recoveryCodesLeft = z.object({ left: z.number().int().min(0) });
/** POST /mfa/recovery-codes: the new codes, shown once (only their hashes are kept). */
export const recoveryCodesIssued = z.object({ codes: z.array(z.string()) });
export type MfaEnrolmentLink = z.infer<typeof mfaEnrolmentLink>;

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

/** DELETE /customers sends the code; DELETE /customers?code=1234 deletes the account. */
export const deleteAccountQuery = z.object({
  code: z
    .string()
    .trim()
    .max(12)
    .optional()
    .meta({ description: 'The 4-digit code sent by the first call; absent: send one' }),
});

/** DELETE /customers (no code): where the code went, masked. */
export const deletionCodeSent = z.object({ channel: z.enum(['sms', 'email']), to: z.string() });
export type DeletionCodeSent = z.infer<typeof deletionCodeSent>;

// The `code` of a 401 asking for a fresh sign-in before a sensitive change (in its own file: the
// web app's API client reads it without zod).
export { REAUTHENTICATE } from './reauthenticate.ts';

// --- Passkeys (GET/POST /account/passkeys, PATCH/DELETE /account/passkeys/{id}) ---------------

export { passkeyName } from './passkey-name.ts';

export const passkeyView = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** Synced across the person's devices (a multi-device passkey) or bound to one authenticator. */
  synced: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyView>;

/**
 * Account → Security: the devices signed in to the account and its latest sign-ins (issue 40,
 * ADR 64). A device is one sign-in session of the identity provider; its id is the session's
 * public id (the `sid` of its tokens), never a secret.
 */

/** DELETE /account/sessions/{id}: a session id as the provider makes them (URL-safe, short). */
export const accountSessionParams = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: deviceMessages.notFound })
    .meta({ description: 'A signed-in device (its session id, from GET /account/sessions)' }),
});

const deviceWords = z.string().meta({
  description:
    'The browser and system in words, in the caller\'s language: e.g. "Chrome on macOS" ("Chrome en macOS" in Spanish); "Unknown device" when not known',
});
const placeWords = z.string().meta({
  description:
    'Where it signed in from, as far as Pria knows, in the caller\'s language: no place is looked up, so this is the address masked to its network ("Network 203.0.113.x", "Red 203.0.113.x" in Spanish) or "Unknown place"',
});

export const signedInDevice = z.object({
  id: z.string(),
  device: deviceWords,
  place: placeWords,
  signedInAt: z.iso.datetime(),
  /** The device this request comes from: it signs out with Logout, not from the list. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDevice>;

export const recentSignIn = z.object({
  device: deviceWords,
  place: placeWords,
  at: z.iso.datetime(),
  /** This sign-in's session is still signed in. */
  signedIn: z.boolean(),
  current: z.boolean(),
});
export type RecentSignIn = z.infer<typeof recentSignIn>;

/** GET /account/sessions. */
export const accountSessions = z.object({
  devices: z.array(signedInDevice),
  signIns: z.array(recentSignIn),
});
export type AccountSessions = z.infer<typeof accountSessions>;
