import {
  type AnyCardBrand,
  brandDisplayNames,
  cardName,
  formatDate,
  formatUsd,
  messages,
  type NotificationType,
} from '@pria/contracts';
import type { CustomerNoticeType } from '../../platform/db-schema.ts';
import { emailHtml } from './email-html.ts';

/**
 * The words of the subscription-lifecycle notices (issue 19): renewal reminders, expiring cards,
 * cancellation and its undoing. Each names the plan, amounts (tax included), dates in New York
 * time and the card as brand and last four, with the link that lets the customer act.
 */
export interface NoticeCard {
  brand: string;
  lastFour: string;
}

/** A $3 charge still owed back: how much, when, to which card (returned: waits for support). */
export interface NoticePayBack {
  amountCents: number;
  at: string;
  card: NoticeCard | null;
  returned: boolean;
}

/** "$3.00 to your Visa •••• 1111 on February 2, 2031", the pay-backs a notice names. */
function payBackWords(p: NoticePayBack): string {
  const to = p.card ? ` to your ${cardName(p.card)}` : '';
  return p.returned
    ? `${formatUsd(p.amountCents)}${to}, which could not take it: Pria support sends it to another of your cards`
    : `${formatUsd(p.amountCents)}${to} on ${day(p.at)}`;
}

export type NoticeData =
  | {
      type: 'renewal.reminder';
      planName: string;
      amountCents: number;
      renewsAt: string;
      card: NoticeCard | null;
    }
  | { type: 'card.expiring'; card: NoticeCard; chargeAt: string }
  | { type: 'funding_card.expiring'; planName: string; renewsAt: string; card: NoticeCard }
  | {
      type: 'subscription.cancelled';
      planName: string;
      endsAt: string;
      /** The $3 charges not yet paid back when it was cancelled (issue 40). Absent on older notices. */
      payBacks?: NoticePayBack[];
      /** Pria's staff did it, not the customer (the client page, ADR 65). */
      byPria?: boolean;
    }
  | {
      type: 'subscription.resumed';
      planName: string;
      /** A plan change scheduled before the cancellation: the plan the renewal starts (ADR 40). Absent on older notices. */
      renewsAsPlanName?: string | null;
      /** What the renewal charges (the plan it starts, tax included). */
      amountCents: number;
      renewsAt: string;
      card: NoticeCard | null;
    }
  | {
      type: 'subscription.paused';
      planName: string;
      endsAt: string;
      nextChargeAt: string;
      /** Pria's staff did it, not the customer (the client page, ADR 65). */
      byPria?: boolean;
    }
  | {
      type: 'subscription.unpaused';
      /** Pria's staff did it, not the customer (the client page, ADR 65). */
      byPria?: boolean;
      planName: string;
      /** Null when the plan does not renew: it ends at endsAt instead. */
      renewsAt: string | null;
      /** Renewing: a plan change scheduled for the renewal (ADR 40), null when none. Absent on older notices. */
      renewsAsPlanName?: string | null;
      /** Renewing: what the renewal charges (the plan it starts, tax included). Absent on older notices. */
      amountCents?: number;
      card?: NoticeCard | null;
      endsAt: string;
      /** The next $3 charge, if it falls before the plan ends. */
      nextChargeAt: string | null;
      /**
       * Resumed after an end date it was paused at (its renewal run still to come): it ended
       * then and does not renew (ADR 18). Absent on notices from before.
       */
      endedWhilePaused?: boolean;
    }
  | {
      /** A plan change scheduled for the next renewal (ADR 40), or one called off (nextPlanName null). */
      type: 'subscription.plan_changed';
      /** The plan in force until changesAt. */
      planName: string;
      nextPlanName: string | null;
      calledOffPlanName: string | null;
      /** What the renewal charges (the plan it starts, tax included). */
      amountCents: number;
      /** Months the renewed plan runs. */
      intervalCount: number;
      changesAt: string;
      /** Paused: the change happens only if Charge & Pay is back on by then. */
      paused: boolean;
      card: NoticeCard | null;
    };

/** The preference list whose SMS choice a notice follows (email is always sent: these are required notices). */
export function noticeSmsType(type: CustomerNoticeType): NotificationType {
  return type === 'card.expiring' ? 'payin' : 'subscription';
}

const day = (iso: string) => formatDate(iso);
const shortDay = (iso: string) => formatDate(iso, 'shortMonthDay');
const smsCardName = (c: NoticeCard) =>
  `${brandDisplayNames[c.brand as AnyCardBrand] ?? c.brand} ending ${c.lastFour}`;

/** What a renewal starts and charges: the words "Keep my subscription" and "back on" share. */
interface Renewal {
  planName: string;
  renewsAsPlanName?: string | null;
  amountCents: number;
  renewsAt: string;
  card?: NoticeCard | null;
}

/**
 * "Your Semi-Annual plan stays in force until …; on … it renews as Annual, as you chose, when we
 * will charge $71.45, tax included, to your Visa •••• 1111." (a plan change scheduled for the
 * renewal), else "Your Semi-Annual plan renews on …, when we will charge …": the one wording of a
 * renewal to come, with its details and SMS (issue 40).
 */
function renewalWords(r: Renewal): { sentence: string; details: [string, string][]; sms: string } {
  const amount = formatUsd(r.amountCents);
  const on = r.card ? ` to your ${cardName(r.card)}` : '';
  const next = r.renewsAsPlanName;
  if (next) {
    return {
      sentence: `Your ${r.planName} plan stays in force until ${day(r.renewsAt)}; on ${day(r.renewsAt)} it renews as ${next}, as you chose, when we will charge ${amount}, tax included,${on}.`,
      details: [
        ['Plan until then', r.planName],
        ['Renews as', next],
        ['Renews on', day(r.renewsAt)],
        ['Amount', `${amount} (tax included)`],
      ],
      sms: `your plan will renew as ${next} on ${shortDay(r.renewsAt)} for ${amount}.`,
    };
  }
  return {
    sentence: `Your ${r.planName} plan renews on ${day(r.renewsAt)}, when we will charge ${amount}, tax included,${on}.`,
    details: [
      ['Plan', r.planName],
      ['Renews on', day(r.renewsAt)],
      ['Amount', `${amount} (tax included)`],
    ],
    sms: `your ${r.planName} plan will renew on ${shortDay(r.renewsAt)} for ${amount}.`,
  };
}

interface Words {
  subject: string;
  lead: string;
  details: [string, string][];
  sms: string;
}

function words(d: NoticeData, publicUrl: string): Words {
  const subscription = `${publicUrl}/dashboard/account/subscription`;
  const cards = `${publicUrl}/dashboard/account/payment`;
  switch (d.type) {
    case 'renewal.reminder': {
      const amount = formatUsd(d.amountCents);
      const on = d.card ? ` to your ${cardName(d.card)}` : '';
      return {
        subject: `Your Pria subscription renews on ${day(d.renewsAt)}`,
        lead: `Your Pria ${d.planName} plan renews on ${day(d.renewsAt)}. We will charge ${amount}, tax included,${on}. If you do not want it to renew, cancel online before then: ${subscription} (your plan stays active until ${day(d.renewsAt)}).`,
        details: [
          ['Plan', d.planName],
          ['Amount', `${amount} (tax included)`],
          ['Renews on', day(d.renewsAt)],
          ...(d.card ? [['Card', cardName(d.card)] as [string, string]] : []),
          ['Cancel online', subscription],
        ],
        sms: `Pria: your ${d.planName} plan renews ${shortDay(d.renewsAt)} for ${amount}${d.card ? ` on ${smsCardName(d.card)}` : ''}. To cancel: ${subscription}`,
      };
    }
    case 'card.expiring':
      return {
        subject: `Your ${cardName(d.card)} will have expired by our next charge`,
        lead: `Your ${cardName(d.card)} will have expired by our next Charge & Pay charge on ${day(d.chargeAt)}, so that charge would be declined. Update its expiry date or add another card: ${cards}`,
        details: [
          ['Card', cardName(d.card)],
          ['Next charge', `${day(d.chargeAt)}, 4pm New York time`],
        ],
        sms: `Pria: ${smsCardName(d.card)} will have expired by our charge on ${shortDay(d.chargeAt)}. Update it: ${cards}`,
      };
    case 'funding_card.expiring':
      return {
        subject: 'The card that pays for your subscription expires before it renews',
        lead: `Your ${cardName(d.card)} pays for your ${d.planName} plan, but it will have expired by the renewal on ${day(d.renewsAt)}. Choose another funding card so your plan renews: ${subscription}`,
        details: [
          ['Card', cardName(d.card)],
          ['Renews on', day(d.renewsAt)],
        ],
        sms: `Pria: ${smsCardName(d.card)} expires before your plan renews on ${shortDay(d.renewsAt)}. Change it: ${subscription}`,
      };
    case 'subscription.cancelled': {
      const owed = d.payBacks ?? [];
      const still = owed.length
        ? ` We still owe you ${owed.map(payBackWords).join('; ')}: ${owed.length === 1 ? 'it is' : 'they are'} paid back all the same.`
        : '';
      return {
        subject: 'Your Pria subscription is cancelled',
        lead: `${d.byPria ? 'Pria cancelled' : 'You cancelled'} your Pria ${d.planName} plan.${byPria(d.byPria)} It will not renew. It stays active until ${day(d.endsAt)}, the end of the period you paid for: the monthly $3.00 Charge & Pay charges continue until then, and every $3.00 we charge is paid back to the same card on the 2nd.${still} After ${day(d.endsAt)} there are no more charges. Changed your mind? Keep your subscription before ${day(d.endsAt)}: ${subscription}`,
        details: [
          ['Plan', d.planName],
          ['Active until', day(d.endsAt)],
          ...owed.map((p) => ['Still to pay back', payBackWords(p)] as [string, string]),
        ],
        sms: `Pria: your ${d.planName} plan is cancelled and ends ${shortDay(d.endsAt)}; $3 charges continue until then and are paid back.`,
      };
    }
    case 'subscription.paused':
      return {
        subject: d.byPria ? 'Pria paused Charge & Pay on your plan' : 'You paused Charge & Pay',
        lead: `${d.byPria ? 'Pria paused' : 'You paused'} Charge & Pay on your Pria ${d.planName} plan.${byPria(d.byPria)} While it is paused we do not charge your cards the monthly $3.00, starting with the charge on ${day(d.nextChargeAt)}, and your plan does not renew. Every $3.00 already charged is still paid back to the same card on the 2nd. Your plan stays active until ${day(d.endsAt)}; if it is still paused then, it ends. Turn Charge & Pay back on at any time before then: ${subscription}`,
        details: [
          ['Plan', d.planName],
          ['No $3 charge from', day(d.nextChargeAt)],
          ['Active until', day(d.endsAt)],
        ],
        sms: `Pria: Charge & Pay is paused: no $3 charges from ${shortDay(d.nextChargeAt)} and no renewal. Charges made are still paid back.`,
      };
    case 'subscription.unpaused': {
      const next = d.nextChargeAt ? `Your next $3.00 Charge & Pay charge is on ${day(d.nextChargeAt)}.` : '';
      // Notices from before issue 40's second walk carry no amount: they say the date only.
      const renewal =
        d.renewsAt && d.amountCents !== undefined
          ? renewalWords({
              planName: d.planName,
              renewsAsPlanName: d.renewsAsPlanName,
              amountCents: d.amountCents,
              renewsAt: d.renewsAt,
              card: d.card,
            })
          : null;
      const end = renewal
        ? renewal.sentence
        : d.renewsAt
          ? `Your plan renews on ${day(d.renewsAt)}.`
          : d.endedWhilePaused
            ? `Your plan was paused on its end date, ${day(d.endsAt)}, so it ended then and does not renew: you can buy it again on your subscription page.`
            : `Your plan is cancelled and ends on ${day(d.endsAt)}.`;
      return {
        subject: 'Charge & Pay is back on',
        lead: `${d.byPria ? 'Pria turned' : 'You turned'} Charge & Pay back on for your Pria ${d.planName} plan.${byPria(d.byPria)} ${next} ${end}`
          .replace(/\s+/g, ' ')
          .trim(),
        details: [
          ...(renewal ? [] : [['Plan', d.planName] as [string, string]]),
          ...(d.nextChargeAt ? [['Next $3 charge', day(d.nextChargeAt)] as [string, string]] : []),
          ...(renewal
            ? renewal.details
            : ([d.renewsAt ? ['Renews on', day(d.renewsAt)] : ['Ends on', day(d.endsAt)]] as [
                string,
                string,
              ][])),
        ],
        sms: `Pria: Charge & Pay is back on.${d.nextChargeAt ? ` Next $3 charge ${shortDay(d.nextChargeAt)}.` : ''}${d.renewsAsPlanName && d.renewsAt ? ` Renews as ${d.renewsAsPlanName} ${shortDay(d.renewsAt)}.` : ''}`,
      };
    }
    case 'subscription.plan_changed': {
      const amount = formatUsd(d.amountCents);
      const on = d.card ? ` to your ${cardName(d.card)}` : '';
      const ifOn = d.paused
        ? ' Your plan is paused: this happens only if you turn Charge & Pay back on before then.'
        : '';
      if (!d.nextPlanName) {
        return {
          subject: `Your plan stays ${d.planName}`,
          lead: `You called off the change to ${d.calledOffPlanName ?? 'another plan'}. Your Pria ${d.planName} plan renews on ${day(d.changesAt)}, when we will charge ${amount}, tax included,${on}.${ifOn} Nothing was charged today.`,
          details: [
            ['Plan', d.planName],
            ['Renews on', day(d.changesAt)],
            ['Amount', `${amount} (tax included)`],
          ],
          sms: `Pria: your plan stays ${d.planName}; it renews ${shortDay(d.changesAt)} for ${amount}.`,
        };
      }
      return {
        subject: `Your plan changes to ${d.nextPlanName} on ${day(d.changesAt)}`,
        lead: `Your plan changes to ${d.nextPlanName} on ${day(d.changesAt)}. Nothing was charged today: your ${d.planName} plan stays in force until then. On ${day(d.changesAt)} we will charge ${amount}, tax included,${on}, for ${d.intervalCount} months of ${d.nextPlanName}, and it renews every ${d.intervalCount} months after that until you cancel.${ifOn} To change your mind or cancel before then: ${subscription}`,
        details: [
          ['Plan until then', d.planName],
          ['New plan', d.nextPlanName],
          ['Starts on', day(d.changesAt)],
          ['Amount then', `${amount} (tax included)`],
          ...(d.card ? [['Card', cardName(d.card)] as [string, string]] : []),
        ],
        sms: `Pria: your plan changes to ${d.nextPlanName} on ${shortDay(d.changesAt)}: ${amount} then. Nothing charged today.`,
      };
    }
    case 'subscription.resumed': {
      const renewal = renewalWords(d);
      return {
        subject: 'Your Pria subscription will renew',
        lead: d.renewsAsPlanName
          ? `You kept your Pria subscription. ${renewal.sentence}`
          : `You kept your Pria ${d.planName} plan: it renews on ${day(d.renewsAt)}, when we will charge ${formatUsd(d.amountCents)}, tax included,${d.card ? ` to your ${cardName(d.card)}` : ''}.`,
        details: renewal.details,
        sms: `Pria: ${renewal.sms}`,
      };
    }
  }
}

/** Said when Pria's staff changed the plan: the customer did not (the fresh walk of issue 40). */
const byPria = (by: boolean | undefined) =>
  by ? ' Our team made this change on your account; if you did not ask for it, reply to this email.' : '';

export function noticeMessages(i: { data: NoticeData; firstName: string | null; publicUrl: string }) {
  const w = words(i.data, i.publicUrl);
  const greeting = i.firstName ? `Hi ${i.firstName},` : 'Hello,';
  const settings = `${i.publicUrl}/dashboard/account/notifications`;
  const why = 'You get this email about your Pria subscription and cards.';
  const text = [
    greeting,
    '',
    w.lead,
    '',
    ...w.details.map(([k, v]) => `${k}: ${v}`),
    '',
    `${why} Notification settings: ${settings}`,
    messages.fraudNotice,
    '',
    'Pria',
  ].join('\n');
  return {
    email: {
      subject: w.subject,
      text,
      html: emailHtml({ greeting, lead: w.lead, details: w.details, why, settings }),
    },
    // NOTE: one SMS segment when it fits (GSM-7, 160); links make some longer, sent as two.
    sms: w.sms,
  };
}
