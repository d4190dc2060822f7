import {
  type AnyCardBrand,
  brandDisplayNames,
  formatDate,
  formatUsd,
  messages,
  type NotificationType,
} from '@pria/contracts';
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

export const heldNote = 'We kept this email until your email address was verified.';
const SMS_LIMIT = 160;

const settingNames: Record<NotificationType, string> = {
  payin: 'Charges',
  payout: 'Payments',
  subscription: 'Subscription Updates',
};

/** A message as a sentence: ends with a full stop unless it ends with punctuation already. */
const sentence = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
};
const longDate = (at: Date) => formatDate(at);

interface Wording {
  subject: string;
  /** What happened, one or two sentences (email). */
  lead: string;
  /** The SMS with and without the reason (the reason is dropped when it would not fit). */
  sms: (reason: string) => string;
}

/**
 * A disputed plan charge: it has no pay-back, and a dispute changes nothing about the plan
 * (record-dispute-event.ts and apply-dispute-decision.ts touch only the dispute and pay-backs).
 * What was already refunded is said, so the customer does not think the whole amount is at stake.
 */
function planDisputeWording(i: MoneyMessageInput, d: DisputedCharge, card: string, smsCard: string): Wording {
  const amount = formatUsd(d.chargedCents);
  const claimed =
    i.amountCents < d.chargedCents ? ` Your bank is asking for ${formatUsd(i.amountCents)} of it back.` : '';
  const refunded = d.refundedCents > 0 ? formatUsd(d.refundedCents) : null;
  const refundedOn = d.refundedAt ? ` on ${longDate(d.refundedAt)}` : '';
  // The bank claims more than the refund left on the card: the refunded part would come back twice.
  const twice = i.amountCents + d.refundedCents > d.chargedCents;
  const refund = refunded
    ? ` ${refunded} of it was already refunded to your card${refundedOn}${d.planEnded ? ', which ended your plan' : ''}${twice ? '; please tell your bank, so it is not returned to you twice.' : '.'}`
    : '';
  const plan = d.planEnded
    ? ''
    : ' Your plan stays as it is while your bank decides: a dispute does not change it.';
  return {
    subject: `Your bank told us you disputed your ${amount} plan payment`,
    lead: `You disputed your ${amount} plan payment of ${formatDate(d.chargedAt)} on your ${card} with your bank.${claimed}${refund}${plan} If you did not mean to dispute it, please tell your bank and Pria support.`,
    sms: () =>
      `Pria: you disputed your ${amount} plan payment of ${formatDate(d.chargedAt, 'shortMonthDay')} on ${smsCard}.${refunded ? ` ${refunded} of it was already refunded.` : ''} Contact support if this is a mistake.`,
  };
}

/**
 * A $3 charge disputed after its pay-back went out (issue 29: the email said "we will not pay it
 * back as well" to a customer already paid back): if the bank returns the charge too, the customer
 * gets the $3 twice, so they are asked to tell their bank.
 */
function paidBackDisputeWording(i: MoneyMessageInput, sentAt: Date, card: string, smsCard: string): Wording {
  const amount = formatUsd(i.amountCents);
  return {
    subject: `Your bank told us you disputed a ${amount} charge`,
    lead: `Your bank told us you disputed our ${amount} Charge & Pay charge on your ${card}. We already paid the ${amount} back to you: it was sent on ${formatDate(sentAt)}. If your bank returns the charge as well, you will get it twice, so please tell your bank that we paid it back. If you did not mean to dispute it, please tell Pria support too.`,
    sms: () =>
      `Pria: your bank says you disputed our ${amount} charge on ${smsCard}. We already paid it back on ${formatDate(sentAt, 'shortMonthDay')}; please tell your bank.`,
  };
}

/**
 * "$36.00 + $2.97 tax": a plan charge's price and tax as its receipt prints them (the charge less
 * the plan's price is the tax, receipt-pdf.ts); null when the plan is unknown or the sum is not.
 */
function planPriceWords(i: MoneyMessageInput): string | null {
  if (!i.plan) return null;
  const tax = i.amountCents - i.plan.priceCents;
  return tax >= 0 ? `${formatUsd(i.plan.priceCents)} + ${formatUsd(tax)} tax` : null;
}

function wording(
  i: MoneyMessageInput,
  card: string,
  smsCard: string,
  date: string,
  smsDate: string,
): Wording {
  const amount = formatUsd(i.amountCents);
  const because = (reason: string) => (reason ? ` (${reason})` : '');
  const r = because(i.reason ?? '');
  switch (i.type) {
    case 'charge.succeeded':
      return {
        subject: `We charged ${amount} to your ${card}`,
        lead: `We charged ${amount} to your ${card} on ${date} for Charge & Pay. We pay it back to the same card on the 2nd of next month.`,
        sms: () =>
          `Pria: we charged ${amount} to ${smsCard} on ${smsDate} for Charge & Pay. We pay it back on the 2nd.`,
      };
    case 'charge.declined':
      return {
        subject: `Your ${card} declined this month's charge`,
        lead: `Your ${card} declined our ${amount} Charge & Pay charge on ${date}${r}. We will not try this card again this month, so there is nothing to pay back. Please check the card before the next charge on the 28th.`,
        sms: (reason) =>
          `Pria: ${smsCard} declined our ${amount} Charge & Pay charge on ${smsDate}${because(reason)}. We won't retry it this month.`,
      };
    case 'charge.missed':
      return {
        subject: i.reason ?? 'No Charge & Pay charge this month',
        lead: `${i.reason ?? 'Pria was unavailable'}. We did not charge your ${card} this month, so there is nothing to pay back and nothing for you to do. Your next ${amount} Charge & Pay charge is on the 28th.`,
        sms: () =>
          `Pria: no Charge & Pay charge on ${smsCard} this month (Pria was unavailable). Nothing to do; next charge on the 28th.`,
      };
    case 'payout.sent':
      return {
        subject: `We paid ${amount} back to your ${card}`,
        lead: `We paid ${amount} back to your ${card} on ${date}, paying off the Charge & Pay charge we made on it.`,
        sms: () => `Pria: we paid ${amount} back to ${smsCard} on ${smsDate} for your Charge & Pay charge.`,
      };
    case 'payout.failed':
      return {
        subject: `Your ${amount} pay-back to your ${card} is delayed`,
        lead: `Our ${amount} payment back to your ${card} has not gone through yet${r}. We are retrying automatically and will email you when it is paid. If the card was closed or replaced, please contact Pria support.`,
        sms: (reason) =>
          `Pria: our ${amount} payment back to ${smsCard} is delayed${because(reason)}. We're retrying automatically.`,
      };
    case 'payout.returned':
      return {
        subject: `Your ${card} could not receive our ${amount} payment`,
        lead: `Your ${card} could not receive our ${amount} payment back on ${date}${r}: the account may be closed or replaced. The money is still yours. Pria support will send it to another of your cards; contact support if you have a new card.`,
        sms: (reason) =>
          `Pria: ${smsCard} could not receive our ${amount} payment back${because(reason)}. Support will send it to another card of yours.`,
      };
    case 'refund.sent': {
      // NOTE: `reason` of a refund event is the message staff chose for the customer (if any);
      // their internal reason for the refund is never sent.
      const message = i.reason ? ` ${sentence(i.reason)}` : '';
      const plan = i.planEnded?.planName ? `${i.planEnded.planName} plan` : 'plan';
      const ended = i.planEnded
        ? ` This refund ended your ${plan} on ${longDate(i.planEnded.at)}: there are no more Charge & Pay charges or renewals. You can choose a plan again at any time: ${i.publicUrl}/dashboard/subscription.`
        : '';
      return {
        subject: `We refunded ${amount} to your ${card}`,
        lead: `We refunded ${amount} to your ${card} on ${date}.${message}${ended} A refund can take 5 to 10 business days to show on your card statement. The refund receipt is in your activity: ${i.publicUrl}/dashboard`,
        sms: () =>
          `Pria: we refunded ${amount} to ${smsCard} on ${smsDate}.${i.planEnded ? ' Your plan has ended.' : ''} It can take 5-10 business days to show.`,
      };
    }
    case 'dispute.opened': {
      const d = i.disputed;
      if (d?.planCharge) return planDisputeWording(i, d, card, smsCard);
      if (d?.paybackSentAt) return paidBackDisputeWording(i, d.paybackSentAt, card, smsCard);
      return {
        subject: `Your bank told us you disputed a ${amount} charge`,
        lead: `Your bank told us you disputed our ${amount} Charge & Pay charge on your ${card}. Your bank is returning it to you, so we will not pay it back as well. If you did not mean to dispute it, please tell your bank and Pria support.`,
        sms: () =>
          `Pria: your bank says you disputed our ${amount} charge on ${smsCard}. We won't also pay it back; contact support if this is a mistake.`,
      };
    }
    case 'subscription.started': {
      const plan = i.plan ? `Pria ${i.plan.name} plan` : 'subscription';
      const priced = planPriceWords(i);
      return {
        subject: 'Your Pria subscription started',
        lead: `Your ${plan} started on ${date}: we charged ${amount}${priced ? ` (${priced})` : ', tax included,'} to your ${card}. Your receipt is in your activity: ${i.publicUrl}/dashboard`,
        sms: () =>
          `Pria: your ${i.plan ? `${i.plan.name} plan` : 'subscription'} started on ${smsDate}. We charged ${amount} to ${smsCard}.`,
      };
    }
    case 'subscription.renewed': {
      const plan = i.plan ? `Pria ${i.plan.name} plan` : 'subscription';
      const priced = planPriceWords(i);
      return {
        subject: 'Your Pria subscription renewed',
        lead: `Your ${plan} renewed on ${date}: we charged ${amount}${priced ? ` (${priced})` : ', tax included,'} to your ${card}. Your receipt is in your activity: ${i.publicUrl}/dashboard`,
        sms: () =>
          `Pria: your ${i.plan ? `${i.plan.name} plan` : 'subscription'} renewed on ${smsDate}. We charged ${amount} to ${smsCard}.`,
      };
    }
    case 'subscription.failed':
      return {
        subject: 'We could not renew your Pria subscription',
        lead: `We could not renew your subscription on ${date}: your ${card} declined the ${amount} charge${r}. To keep building credit, choose another funding card and pay now: ${i.publicUrl}/dashboard/account/subscription`,
        sms: (reason) =>
          `Pria: we couldn't renew your subscription. ${smsCard} declined ${amount} on ${smsDate}${because(reason)}. Update your card in Pria.`,
      };
  }
}

/**
 * The email and SMS for one money event. Plain words, the card as brand and last four, the
 * amount, the reason when there is one and the New York date. The SMS sticks to the GSM-7
 * alphabet ("Visa ending 1111", not "••••"): one bullet would switch the whole SMS to UCS-2
 * and cut a segment from 160 to 70 characters.
 */
export function moneyEventMessages(i: MoneyMessageInput): MoneyMessages {
  const brand = i.card ? (brandDisplayNames[i.card.brand as AnyCardBrand] ?? i.card.brand) : null;
  const card = i.card ? `${brand} •••• ${i.card.lastFour}` : 'card';
  const smsCard = i.card ? `${brand} ending ${i.card.lastFour}` : 'your card';
  const date = formatDate(i.occurredAt);
  const worded = wording(i, card, smsCard, date, formatDate(i.occurredAt, 'shortMonthDay'));
  const w = i.heldUntilVerified ? { ...worded, lead: `${worded.lead} ${heldNote}` } : worded;
  const reason = (i.reason ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
  const sms = [w.sms(reason), w.sms('')].find((s) => s.length <= SMS_LIMIT) ?? w.sms('');

  const greeting = i.firstName ? `Hi ${i.firstName},` : 'Hello,';
  const details: [string, string][] = [
    [i.type === 'dispute.opened' ? 'Amount disputed' : 'Amount', formatUsd(i.amountCents)],
    ...(i.type === 'dispute.opened' && i.disputed?.refundedCents
      ? [['Already refunded', formatUsd(i.disputed.refundedCents)] as [string, string]]
      : []),
    ['Card', card],
    ['Date', date],
    ...(reason && i.type !== 'refund.sent' ? [['Reason', reason] as [string, string]] : []),
    ...(i.plan && (i.type === 'subscription.started' || i.type === 'subscription.renewed')
      ? [
          [
            'Plan',
            `${i.plan.name} plan${planPriceWords(i) ? `, ${planPriceWords(i)} = ${formatUsd(i.amountCents)}` : ''}`,
          ] as [string, string],
        ]
      : []),
    ...(i.receipt ? [['Receipt', i.receipt] as [string, string]] : []),
  ];
  const settings = `${i.publicUrl}/dashboard/account/notifications`;
  const about = { planCharge: i.disputed?.planCharge };
  // A plan payment's email goes whatever the settings (money-email-rules.ts): it never says a
  // setting sent it (issue 40: a refund's footer said "because Subscription Updates … are on").
  const always = emailedWhateverTheSettings(i.type, about);
  const why = always
    ? 'We send this email about payments for your Pria plan whatever your notification settings.'
    : `You get this email because ${settingNames[notificationTypeOf(i.type, about)]} email notifications are on in your Pria account.`;
  const text = [
    greeting,
    '',
    w.lead,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    '',
    always ? `${why} Notification settings: ${settings}` : `${why} Change them at ${settings}`,
    messages.fraudNotice,
    '',
    'Pria',
  ].join('\n');
  return {
    email: { subject: w.subject, text, html: emailHtml({ greeting, lead: w.lead, details, why, settings }) },
    sms,
  };
}
