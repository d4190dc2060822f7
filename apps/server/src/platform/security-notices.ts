import { cardName, formatDateTime, type Language } from '@pria/contracts';
import { formatMessage, localeOf, type Translator, translator } from '@pria/contracts/i18n/format';
import { planNameFromStored } from '@pria/contracts/i18n/plan-names';
import { securityNotices } from '@pria/contracts/i18n/security-notices';
import type { Db } from './db.ts';
import { deviceWords, placeWords } from './device-words.ts';
import { accountLanguage } from './language.ts';
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
  /**
   * device_signed_out, new_device_sign_in: the device's User-Agent and the address it signed in
   * from, said in words in the account's language ("Chrome on macOS", "Network 203.0.113.x").
   */
  device?: { userAgent: string | null; ip: string | null };
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

/** The subjects in English (a notice is sent in its account's language: securityNoticeWords). */
export const securitySubjects = Object.fromEntries(
  (
    [
      'password_changed',
      'password_reset',
      'mfa_enabled',
      'mfa_disabled',
      'passkey_added',
      'passkey_removed',
      'recovery_code_used',
      'device_signed_out',
      'card_added',
      'card_removed',
      'funding_card_changed',
      'new_device_sign_in',
    ] satisfies SecurityEvent[]
  ).map((event) => [event, formatMessage(securityNotices, 'en', `subject.${event}`)]),
) as Record<SecurityEvent, string>;

/** A security notice's words in one language (the catalog: contracts/i18n/security-notices.ts). */
type Words = Translator<keyof typeof securityNotices.en>;

/** What the card and sign-in notices add: which card or device, and when (New York time). */
function detailsOf(
  notice: Pick<SecurityEventNotice, 'event' | 'device' | 'card' | 'previousCard' | 'planName' | 'at'>,
  t: Words,
  lang: Language,
): { lines: string[]; sms: string } {
  const lines: string[] = [];
  let sms = '';
  const { card, previousCard } = notice;
  if (notice.event === 'funding_card_changed' && card) {
    lines.push(
      notice.planName
        ? t('detail.fundingCard', {
            planName: planNameFromStored(notice.planName, lang, 'inSentence'),
            card: cardName(card),
          })
        : t('detail.fundingCardNoPlan', { card: cardName(card) }),
    );
    if (previousCard) lines.push(t('detail.before', { card: cardName(previousCard) }));
    sms = ` ${t('sms.nowCard', { card: smsCard(card, t) })}`;
  } else if (card) {
    lines.push(t('detail.card', { card: cardName(card) }));
    sms = ` ${smsCard(card, t)}.`;
  }
  const device = notice.device && {
    words: deviceWords(notice.device.userAgent, t.language),
    place: placeWords(notice.device.ip, t.language),
  };
  if (device && notice.event === 'new_device_sign_in') {
    lines.push(t('detail.newDevice', { device: device.words, place: device.place }));
    sms = ` ${device.words}.`;
  } else if (device) {
    lines.push(t('detail.device', { device: device.words, place: device.place }));
  }
  if (notice.at) {
    lines.push(t('detail.when', { at: formatDateTime(notice.at, 'long', localeOf[t.language]) }));
  }
  return { lines, sms };
}

/** "Visa ending 1111": the SMS keeps to the GSM-7 alphabet (no bullets). */
const smsCard = (c: NoticeCardWords, t: Words) => {
  const [brand = '', lastFour = ''] = cardName(c).split(' •••• ');
  return t('sms.cardEnding', { brand, lastFour });
};

/** What to do if it was not the customer: for cards and sign-ins, the screen where it is undone first. */
function ifNotYouWords(event: SecurityEvent, publicUrl: string, reset: string, t: Words): string {
  const security = `${publicUrl}/dashboard/account/security`;
  const cards = `${publicUrl}/dashboard/account/payment`;
  switch (event) {
    case 'mfa_enabled':
      return t('ifNotYou.mfaEnabled');
    case 'card_added':
    case 'card_removed':
    case 'funding_card_changed':
      return t('ifNotYou.card', { reset, cards });
    case 'new_device_sign_in':
      return t('ifNotYou.newDevice', { security, reset });
    default:
      return t('ifNotYou.other', { reset });
  }
}

/** The words of a security notice in the account's language: email subject and text, and a short SMS. */
export function securityNoticeWords(
  notice: Pick<
    SecurityEventNotice,
    'event' | 'codesLeft' | 'device' | 'card' | 'previousCard' | 'planName' | 'at'
  >,
  publicUrl: string,
  lang: Language = 'en',
) {
  const t = translator(securityNotices, lang);
  const { event } = notice;
  const reset = `${publicUrl}/oidc/forgot-password`;
  // A recovery code spent: how many remain, and where to make new ones before they run out.
  const codes =
    event === 'recovery_code_used' && notice.codesLeft !== undefined
      ? {
          text: t('codes.left', { n: notice.codesLeft, link: `${publicUrl}/dashboard/account/security` }),
          sms: t('sms.codesLeft', { n: notice.codesLeft }),
        }
      : null;
  const details = detailsOf(notice, t, lang);
  const smsDetails = `${details.sms}${codes ? ` ${codes.sms}` : ''}`;
  return {
    subject: t(`subject.${event}`),
    text: [
      t(`lead.${event}`),
      ...details.lines,
      ...(codes ? ['', codes.text] : []),
      '',
      ifNotYouWords(event, publicUrl, reset, t),
      '',
      t('neverAsks'),
    ].join('\n'),
    sms: t('sms.notice', { what: t(`sms.${event}`), details: smsDetails }),
  };
}

/** The fallback notifier: one email to the identity's address, once per event, for that identity. */
export function emailOnlyNotifier(publicUrl: string, issuer: string): SecurityNotifier {
  return async (tx, e) => {
    const account = { issuer, subject: e.userId };
    const w = securityNoticeWords(e, publicUrl, await accountLanguage(tx, account));
    await enqueueEmail(tx, {
      to: e.email,
      subject: w.subject,
      text: w.text,
      dedupeKey: `${securityNoticeKey(e)}:email`,
      account,
    });
  };
}
