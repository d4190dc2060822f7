import { type AnyCardBrand, brandDisplayNames, formatDate, formatUsd, type Language } from '@pria/contracts';
import { formatMessage, localeOf, translator } from '@pria/contracts/i18n/format';
import { moneyNotices } from '@pria/contracts/i18n/money-notices';
import { planNameFromStored } from '@pria/contracts/i18n/plan-names';
import type { MoneyEventType } from '../../platform/db-schema.ts';
import { emailHtml } from './email-html.ts';
import { emailedWhateverTheSettings, notificationTypeOf } from './money-email-rules.ts';

/** Everything a money notification says; built by notify-money-event.ts from the event's rows. */
export interface MoneyMessageInput {
  type: MoneyEventType;
  firstName: string | null;
  amountCents: number;
  card: { brand: string; lastFour: string } | null;
  reason: string | null;
  occurredAt: Date;
  publicUrl: string;
  /** Plan charges: the receipt's number (R-000123), given in the email. */
  receipt?: string | null;
  /** Plan charges (bought, renewed): the plan and its price before tax, as the receipt prints them. */
  plan?: { name: string; priceCents: number } | null;
  /** Refunds: the plan this refund ended, and when. */
  planEnded?: { at: Date; planName: string | null } | null;
  /** Disputes: the disputed charge (a plan charge or a $3 pay-in), and what of it was already refunded. */
  disputed?: DisputedCharge | null;
  /** Sent late: it was held while the address was unverified (says so, since the date is past). */
  heldUntilVerified?: boolean;
}

export interface DisputedCharge {
  planCharge: boolean;
  chargedAt: Date;
  /** What the charge was (the dispute's amount is what the card still carried: less any refund). */
  chargedCents: number;
  refundedCents: number;
  refundedAt: Date | null;
  /** A refund of it ended the plan. */
  planEnded: boolean;
  /** A $3 charge whose pay-back had gone out when the dispute opened: when it was sent. */
  paybackSentAt?: Date | null;
}

export interface MoneyMessages {
  email: { subject: string; text: string; html: string };
  sms: string;
}

/** In English, written from the catalog (each email says it in its customer's language, ADR 74). */
export const heldNote = formatMessage(moneyNotices, 'en', 'held');
const SMS_LIMIT = 160;

/** A message as a sentence: ends with a full stop unless it ends with punctuation already. */
const sentence = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

interface Wording {
  subject: string;
  /** What happened, one or two sentences (email). */
  lead: string;
  /** The SMS with and without the reason (the reason is dropped when it would not fit). */
  sms: (reason: string) => string;
}

/** The catalog in the reader's language, with New York's days written in it. */
type Words = ReturnType<typeof wordsIn>;
function wordsIn(lang: Language) {
  const t = translator(moneyNotices, lang);
  const locale = localeOf[lang];
  return Object.assign(t, {
    longDate: (at: Date) => formatDate(at, 'long', locale),
    shortDate: (at: Date) => formatDate(at, 'shortMonthDay', locale),
    /** A plan's stored name as the reader's language writes it in a sentence (ADR 74). */
    plan: (storedName: string) => planNameFromStored(storedName, lang, 'inSentence'),
    /** The same name standing alone, as a detail's value ("Plan: Semestral"). */
    planAlone: (storedName: string) => planNameFromStored(storedName, lang),
  });
}

/** The values every money message may name. */
type Named = {
  amount: string;
  card: string;
  smsCard: string;
  date: string;
  smsDate: string;
};

/** A reason for the select `hasReason`: "yes" and the reason, or "no". */
const reasonValues = (reason: string) => ({ hasReason: reason ? 'yes' : 'no', reason });

/**
 * A disputed plan charge: it has no pay-back, and a dispute changes nothing about the plan
 * (record-dispute-event.ts and apply-dispute-decision.ts touch only the dispute and pay-backs).
 * What was already refunded is said, so the customer does not think the whole amount is at stake.
 */
function planDisputeWording(i: MoneyMessageInput, d: DisputedCharge, n: Named, t: Words): Wording {
  const refunded = d.refundedCents > 0;
  // The bank claims more than the refund left on the card: the refunded part would come back twice.
  const twice = i.amountCents + d.refundedCents > d.chargedCents;
  const values = {
    ...n,
    amount: formatUsd(d.chargedCents),
    chargedOn: t.longDate(d.chargedAt),
    chargedShort: t.shortDate(d.chargedAt),
    claimed: i.amountCents < d.chargedCents ? 'yes' : 'no',
    claimedAmount: formatUsd(i.amountCents),
    refunded: refunded ? 'yes' : 'no',
    refundedAmount: formatUsd(d.refundedCents),
    hasRefundedOn: d.refundedAt ? 'yes' : 'no',
    refundedOn: d.refundedAt ? t.longDate(d.refundedAt) : '',
    planEnded: d.planEnded ? 'yes' : 'no',
    twice: twice ? 'yes' : 'no',
  };
  return {
    subject: t('planDispute.subject', values),
    lead: t('planDispute.lead', values),
    sms: () => t('planDispute.sms', values),
  };
}

/**
 * A $3 charge disputed after its pay-back went out (issue 29: the email said "we will not pay it
 * back as well" to a customer already paid back): if the bank returns the charge too, the customer
 * gets the $3 twice, so they are asked to tell their bank.
 */
function paidBackDisputeWording(sentAt: Date, n: Named, t: Words): Wording {
  const values = { ...n, sentOn: t.longDate(sentAt), sentShort: t.shortDate(sentAt) };
  return {
    subject: t('dispute.subject', values),
    lead: t('disputePaidBack.lead', values),
    sms: () => t('disputePaidBack.sms', values),
  };
}

/**
 * "$36.00 + $2.97 tax": a plan charge's price and tax as its receipt prints them (the charge less
 * the plan's price is the tax, receipt-pdf.ts); null when the plan is unknown or the sum is not.
 */
function planPriceWords(i: MoneyMessageInput, t: Words): string | null {
  if (!i.plan) return null;
  const tax = i.amountCents - i.plan.priceCents;
  return tax >= 0 ? t('priced', { price: formatUsd(i.plan.priceCents), tax: formatUsd(tax) }) : null;
}

function wording(i: MoneyMessageInput, n: Named, t: Words): Wording {
  const reason = i.reason ?? '';
  const r = { ...n, ...reasonValues(reason) };
  const withReason = (id: Parameters<Words>[0]) => (smsReason: string) =>
    t(id, { ...n, ...reasonValues(smsReason) });
  switch (i.type) {
    case 'charge.succeeded':
      return {
        subject: t('succeeded.subject', n),
        lead: t('succeeded.lead', n),
        sms: () => t('succeeded.sms', n),
      };
    case 'charge.declined':
      return {
        subject: t('declined.subject', n),
        lead: t('declined.lead', r),
        sms: withReason('declined.sms'),
      };
    case 'charge.missed':
      return {
        subject: i.reason ?? t('missed.subject'),
        lead: t('missed.lead', { ...n, ...reasonValues(i.reason ?? '') }),
        sms: () => t('missed.sms', n),
      };
    case 'payout.sent':
      return {
        subject: t('paidBack.subject', n),
        lead: t('paidBack.lead', n),
        sms: () => t('paidBack.sms', n),
      };
    case 'payout.failed':
      return {
        subject: t('payBackDelayed.subject', n),
        lead: t('payBackDelayed.lead', r),
        sms: withReason('payBackDelayed.sms'),
      };
    case 'payout.returned':
      return {
        subject: t('payBackReturned.subject', n),
        lead: t('payBackReturned.lead', r),
        sms: withReason('payBackReturned.sms'),
      };
    case 'refund.sent': {
      // NOTE: `reason` of a refund event is the message staff chose for the customer (if any);
      // their internal reason for the refund is never sent.
      const values = {
        ...n,
        message: i.reason ? ` ${sentence(i.reason)}` : '',
        ended: i.planEnded ? 'yes' : 'no',
        hasPlanName: i.planEnded?.planName ? 'yes' : 'no',
        planName: i.planEnded?.planName ? t.plan(i.planEnded.planName) : '',
        endedOn: i.planEnded ? t.longDate(i.planEnded.at) : '',
        link: i.publicUrl,
      };
      return {
        subject: t('refund.subject', values),
        lead: t('refund.lead', values),
        sms: () => t('refund.sms', values),
      };
    }
    case 'dispute.opened': {
      const d = i.disputed;
      if (d?.planCharge) return planDisputeWording(i, d, n, t);
      if (d?.paybackSentAt) return paidBackDisputeWording(d.paybackSentAt, n, t);
      return {
        subject: t('dispute.subject', n),
        lead: t('dispute.lead', n),
        sms: () => t('dispute.sms', n),
      };
    }
    case 'subscription.started':
    case 'subscription.renewed': {
      const priced = planPriceWords(i, t);
      const values = {
        ...n,
        hasPlan: i.plan ? 'yes' : 'no',
        planName: i.plan ? t.plan(i.plan.name) : '',
        hasPrice: priced ? 'yes' : 'no',
        priced: priced ?? '',
        link: i.publicUrl,
      };
      const kind = i.type === 'subscription.started' ? 'started' : 'renewed';
      return {
        subject: t(`${kind}.subject`, values),
        lead: t(`${kind}.lead`, values),
        sms: () => t(`${kind}.sms`, values),
      };
    }
    case 'subscription.failed':
      return {
        subject: t('renewalFailed.subject', n),
        lead: t('renewalFailed.lead', { ...r, link: i.publicUrl }),
        sms: withReason('renewalFailed.sms'),
      };
  }
}

/**
 * The email and SMS for one money event, in the customer's language (ADR 74; English when none
 * is known). Plain words, the card as brand and last four, the amount, the reason when there is
 * one and the New York date. The SMS sticks to the GSM-7 alphabet in English ("Visa ending 1111",
 * not "••••"): one bullet would switch the whole SMS to UCS-2 and cut a segment from 160 to 70
 * characters (Spanish accents do so anyway).
 */
export function moneyEventMessages(i: MoneyMessageInput, lang: Language = 'en'): MoneyMessages {
  const t = wordsIn(lang);
  const brand = i.card ? (brandDisplayNames[i.card.brand as AnyCardBrand] ?? i.card.brand) : null;
  const card = i.card ? `${brand} •••• ${i.card.lastFour}` : t('card');
  const smsCard = i.card ? t('smsCard', { brand: brand ?? '', lastFour: i.card.lastFour }) : t('smsNoCard');
  const date = t.longDate(i.occurredAt);
  const named = { amount: formatUsd(i.amountCents), card, smsCard, date, smsDate: t.shortDate(i.occurredAt) };
  const worded = wording(i, named, t);
  const w = i.heldUntilVerified ? { ...worded, lead: `${worded.lead} ${t('held')}` } : worded;
  const reason = (i.reason ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
  const sms = [w.sms(reason), w.sms('')].find((s) => s.length <= SMS_LIMIT) ?? w.sms('');

  const greeting = i.firstName ? t('greeting.named', { firstName: i.firstName }) : t('greeting.anonymous');
  const priced = planPriceWords(i, t);
  const details: [string, string][] = [
    [t(i.type === 'dispute.opened' ? 'label.amountDisputed' : 'label.amount'), formatUsd(i.amountCents)],
    ...(i.type === 'dispute.opened' && i.disputed?.refundedCents
      ? [[t('label.alreadyRefunded'), formatUsd(i.disputed.refundedCents)] as [string, string]]
      : []),
    [t('label.card'), card],
    [t('label.date'), date],
    ...(reason && i.type !== 'refund.sent' ? [[t('label.reason'), reason] as [string, string]] : []),
    ...(i.plan && (i.type === 'subscription.started' || i.type === 'subscription.renewed')
      ? [
          [
            t('label.plan'),
            t('planLine', {
              planName: t.planAlone(i.plan.name),
              hasPrice: priced ? 'yes' : 'no',
              priced: priced ?? '',
              amount: formatUsd(i.amountCents),
            }),
          ] as [string, string],
        ]
      : []),
    ...(i.receipt ? [[t('label.receipt'), i.receipt] as [string, string]] : []),
  ];
  const settings = `${i.publicUrl}/dashboard/account/notifications`;
  const about = { planCharge: i.disputed?.planCharge };
  // A plan payment's email goes whatever the settings (money-email-rules.ts): it never says a
  // setting sent it (issue 40: a refund's footer said "because Subscription Updates … are on").
  const always = emailedWhateverTheSettings(i.type, about);
  const why = always ? t('why.always') : t('why.setting', { setting: notificationTypeOf(i.type, about) });
  const text = [
    greeting,
    '',
    w.lead,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    '',
    `${why} ${t(always ? 'settings.always' : 'settings.change', { link: settings })}`,
    t('fraudNotice'),
    '',
    'Pria',
  ].join('\n');
  const html = emailHtml({
    greeting,
    lead: w.lead,
    details,
    why,
    settings,
    lang,
    words: { settings: t('settingsLink'), fraudNotice: t('fraudNotice') },
  });
  return { email: { subject: w.subject, text, html }, sms };
}
