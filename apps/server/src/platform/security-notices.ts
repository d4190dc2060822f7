import { cardName, formatDateTime } from '@pria/contracts';
import type { Db } from './db.ts';
import { enqueueEmail } from './outbox.ts';

/**
 * Security events the identity provider and the account module report so the account owner hears of them (ASVS 2.2.3, 2.5.x):
 * the composition root wires them to the notifications module (email, and SMS for customers who
 * chose SMS, once per event by a unique key). Without that wiring, a plain email is queued,
 * with the same once-only key.
 */
export type SecurityEvent =
  | 'password_changed'
  | 'password_reset'
  | 'mfa_enabled'
  | 'mfa_disabled'
  | 'passkey_added'
  | 'passkey_removed'
  | 'recovery_code_used'
  | 'device_signed_out'
  /** A card registered, removed, or made the plan's funding card (ADR 68). */
  | 'card_added'
  | 'card_removed'
  | 'funding_card_changed'
  /** A sign-in from a device the account never signed in from before (`isNewDevice`, ADR 68). */
  | 'new_device_sign_in';

/** A card as a notice names it: brand and last four. */
export interface NoticeCardWords {
  brand: string;
  lastFour: string;
}

export interface SecurityEventNotice {
  userId: string;
  /** The identity's sign-in address (the notice goes there even when unverified). */
  email: string;
  event: SecurityEvent;
  /** Names this occurrence: a second report with the same id sends nothing. */
  eventId: string;
  /** recovery_code_used: how many unused recovery codes are left. */
  codesLeft?: number;
  /** device_signed_out: the device in words ("Chrome on macOS") and where it signed in from. */
  device?: { words: string; place: string };
  /** The card events: the card added, removed or now funding the plan. */
  card?: NoticeCardWords;
  /** funding_card_changed: the card that funded the plan before, if any. */
  previousCard?: NoticeCardWords | null;
  /** funding_card_changed: the plan it pays for. */
  planName?: string;
  /** When it happened, said in New York time (the card and sign-in notices). */
  at?: Date;
}

/** Called inside the transaction that makes the change. */
export type SecurityNotifier = (tx: Db, e: SecurityEventNotice) => Promise<void>;

export const securityNoticeKey = (e: Pick<SecurityEventNotice, 'userId' | 'event' | 'eventId'>) =>
  `security:${e.userId}:${e.event}:${e.eventId}`;

export const securitySubjects: Record<SecurityEvent, string> = {
  password_changed: 'Your Pria password was changed',
  password_reset: 'Your Pria password was changed',
  mfa_enabled: 'Two-factor authentication was turned on',
  mfa_disabled: 'Two-factor authentication was turned off',
  passkey_added: 'A passkey was added to your Pria account',
  passkey_removed: 'A passkey was removed from your Pria account',
  recovery_code_used: 'A recovery code was used to sign in to your Pria account',
  device_signed_out: 'A device was signed out of your Pria account',
  card_added: 'A card was added to your Pria account',
  card_removed: 'A card was removed from your Pria account',
  funding_card_changed: 'The card that pays for your Pria plan changed',
  new_device_sign_in: 'New sign-in to your Pria account',
};

const leads: Record<SecurityEvent, string> = {
  password_changed: 'The password of your Pria account was just changed, and every device was signed out.',
  password_reset:
    'The password of your Pria account was just reset with a link sent to this address, and every device was signed out.',
  mfa_enabled:
    'Two-factor authentication was just turned on for your Pria account, and every device was signed out.',
  mfa_disabled:
    'Two-factor authentication was just turned off on your Pria account, and every device was signed out.',
  passkey_added: 'A passkey was just added to your Pria account: it can sign you in without your password.',
  passkey_removed: 'A passkey was just removed from your Pria account and can no longer sign you in.',
  recovery_code_used:
    'A recovery code was just used to sign in to your Pria account, instead of your two-factor code. Each code works once.',
  device_signed_out:
    'A device was just signed out of your Pria account from Account, Security. It must sign in again to use Pria.',
  card_added: 'A card was just added to your Pria account.',
  card_removed: 'A card was just removed from your Pria account.',
  funding_card_changed: 'The card that pays for your Pria plan was just changed.',
  new_device_sign_in:
    'Your Pria account was just signed in to from a device it was never signed in from before.',
};

const smsWords: Record<SecurityEvent, string> = {
  password_changed: 'your password was changed.',
  password_reset: 'your password was reset.',
  mfa_enabled: 'two-factor authentication was turned on.',
  mfa_disabled: 'two-factor authentication was turned off.',
  passkey_added: 'a passkey was added to your account.',
  passkey_removed: 'a passkey was removed from your account.',
  recovery_code_used: 'a recovery code was used to sign in.',
  device_signed_out: 'a device was signed out of your account.',
  card_added: 'a card was added to your account.',
  card_removed: 'a card was removed from your account.',
  funding_card_changed: 'the card paying for your plan changed.',
  new_device_sign_in: 'new sign-in from a device not seen before.',
};

/** "9 recovery codes left", "1 recovery code left", "No recovery codes left". */
const codesLeftWords = (n: number) =>
  n === 0 ? 'No recovery codes left' : `${n} recovery code${n === 1 ? '' : 's'} left`;

/** What the card and sign-in notices add: which card or device, and when (New York time). */
function detailsOf(
  notice: Pick<SecurityEventNotice, 'event' | 'device' | 'card' | 'previousCard' | 'planName' | 'at'>,
): { lines: string[]; sms: string } {
  const lines: string[] = [];
  let sms = '';
  const { card, previousCard } = notice;
  if (notice.event === 'funding_card_changed' && card) {
    const plan = notice.planName ? `your ${notice.planName} plan` : 'your plan';
    lines.push(`Card paying for ${plan}: ${cardName(card)}.`);
    if (previousCard) lines.push(`Before: ${cardName(previousCard)}.`);
    sms = ` Now ${smsCard(card)}.`;
  } else if (card) {
    lines.push(`Card: ${cardName(card)}.`);
    sms = ` ${smsCard(card)}.`;
  }
  if (notice.device && notice.event === 'new_device_sign_in') {
    lines.push(`Device: ${notice.device.words}, from ${notice.device.place}.`);
    sms = ` ${notice.device.words}.`;
  } else if (notice.device) lines.push(`Device: ${notice.device.words}, ${notice.device.place}.`);
  if (notice.at) lines.push(`When: ${formatDateTime(notice.at)} (New York time).`);
  return { lines, sms };
}

/** "Visa ending 1111": the SMS keeps to the GSM-7 alphabet (no bullets). */
const smsCard = (c: NoticeCardWords) => cardName(c).replace(/ •••• /, ' ending ');

/** What to do if it was not the customer: for cards and sign-ins, the screen where it is undone first. */
function ifNotYouWords(event: SecurityEvent, publicUrl: string, reset: string): string {
  const security = `${publicUrl}/dashboard/account/security`;
  const cards = `${publicUrl}/dashboard/account/payment`;
  switch (event) {
    case 'mfa_enabled':
      return 'If this was not you, reset your password right away and contact support.';
    case 'card_added':
    case 'card_removed':
    case 'funding_card_changed':
      return `If this wasn't you, someone may have your password: reset it right away (${reset}), which signs out every device, check your cards (${cards}) and contact support.`;
    case 'new_device_sign_in':
      return `If this wasn't you, sign that device out in Account, Security (${security}), reset your password right away (${reset}) and contact support. If it was you, there is nothing to do.`;
    default:
      return `If this was not you, reset your password right away (${reset}) and contact support.`;
  }
}

/** The words of a security notice: email text and a short SMS. */
export function securityNoticeWords(
  notice: Pick<
    SecurityEventNotice,
    'event' | 'codesLeft' | 'device' | 'card' | 'previousCard' | 'planName' | 'at'
  >,
  publicUrl: string,
) {
  const { event } = notice;
  const reset = `${publicUrl}/oidc/forgot-password`;
  // A recovery code spent: how many remain, and where to make new ones before they run out.
  const codes =
    event === 'recovery_code_used' && notice.codesLeft !== undefined
      ? {
          text: `${codesLeftWords(notice.codesLeft)}. Create new codes in Account, Security: ${publicUrl}/dashboard/account/security`,
          sms: ` ${codesLeftWords(notice.codesLeft)}.`,
        }
      : null;
  const details = detailsOf(notice);
  const lead = leads[event];
  return {
    subject: securitySubjects[event],
    text: [
      lead,
      ...details.lines,
      ...(codes ? ['', codes.text] : []),
      '',
      ifNotYouWords(event, publicUrl, reset),
      '',
      'Pria never asks for your password by email or text.',
    ].join('\n'),
    sms: `Pria: ${smsWords[event]}${details.sms}${codes?.sms ?? ''} Not you? Reset your password and contact support.`,
  };
}

/** The fallback notifier: one email to the identity's address, once per event, for that identity. */
export function emailOnlyNotifier(publicUrl: string, issuer: string): SecurityNotifier {
  return async (tx, e) => {
    const w = securityNoticeWords(e, publicUrl);
    await enqueueEmail(tx, {
      to: e.email,
      subject: w.subject,
      text: w.text,
      dedupeKey: `${securityNoticeKey(e)}:email`,
      account: { issuer, subject: e.userId },
    });
  };
}
