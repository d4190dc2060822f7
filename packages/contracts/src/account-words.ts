/**
 * The account settings' lists, limits and words, without zod: the account page shows them on its
 * first screen; the schemas that check them (account.ts) are the API's and the forms' checks.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const mfaTypes = ['authenticator', 'sms', 'email'] as const;
export type MfaType = (typeof mfaTypes)[number];

/** payin is shown as Charges, payout as Payments, subscription as Subscription Updates. */
export const notificationTypes = ['payin', 'payout', 'subscription'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** The channels of the notifications table, as the settings screen names them. */
export const notificationChannels = ['forEmail', 'forSms', 'forPush'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export const PASSKEY_NAME_MAX_LENGTH = 64;
export const passkeyMessages = {
  nameRequired: 'Give the passkey a name',
  nameTooLong: `A passkey name is at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  notFound: 'Passkey not found',
} as const;

export const deviceMessages = {
  signedOut: 'Device signed out',
  notFound: 'This device is not signed in to your account',
  couldNotSignOut: 'Could not sign this device out',
  couldNotLoad: 'Could not load your devices and sign-ins',
} as const;
