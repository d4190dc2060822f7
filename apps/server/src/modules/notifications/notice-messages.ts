import {
  type AnyCardBrand,
  brandDisplayNames,
  cardName,
  formatDate,
  formatUsd,
  type Language,
  type NotificationType,
} from '@pria/contracts';
import { localeOf, translator } from '@pria/contracts/i18n/format';
import { lifecycleNotices } from '@pria/contracts/i18n/lifecycle-notices';
import { planNameFromStored } from '@pria/contracts/i18n/plan-names';
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
/**
 * A plan's name standing alone as a detail's value starts with a capital, as the app writes it
 * ("Plan: Semestral"); inside a sentence it is the lower-case form (`withPlanNames`). English
 * names are capitalised already.
 */
const asValue = <T extends string | null | undefined>(name: T): T =>
  (name ? name.charAt(0).toUpperCase() + name.slice(1) : name) as T;

function payBackWords(p: NoticePayBack, t: Words): string {
  const values = { amount: formatUsd(p.amountCents), ...cardValues(p.card) };
  return p.returned ? t('payBack.returned', values) : t('payBack.due', { ...values, day: t.day(p.at) });
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

/** The catalog in the reader's language, with New York's days written in it. */
type Words = ReturnType<typeof wordsIn>;
function wordsIn(lang: Language) {
  const t = translator(lifecycleNotices, lang);
  const locale = localeOf[lang];
  return Object.assign(t, {
    day: (iso: string) => formatDate(iso, 'long', locale),
    shortDay: (iso: string) => formatDate(iso, 'shortMonthDay', locale),
    /** "Visa ending 1111": the SMS keeps to the GSM-7 alphabet (no bullets). */
    smsCard: (c: NoticeCard) =>
      t('cardEnding', { brand: brandDisplayNames[c.brand as AnyCardBrand] ?? c.brand, lastFour: c.lastFour }),
  });
}

/** A card the sentence may name: "yes" and its name, or "no" (ICU selects on `hasCard`). */
const cardValues = (card: NoticeCard | null | undefined) =>
  card ? { hasCard: 'yes', card: cardName(card) } : { hasCard: 'no', card: '' };

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
function renewalWords(r: Renewal, t: Words): { sentence: string; details: [string, string][]; sms: string } {
  const amount = formatUsd(r.amountCents);
  const day = t.day(r.renewsAt);
  const values = {
    planName: r.planName,
    day,
    amount,
    shortDay: t.shortDay(r.renewsAt),
    ...cardValues(r.card),
  };
  const next = r.renewsAsPlanName;
  if (next) {
    return {
      sentence: t('renewal.asNext', { ...values, next }),
      details: [
        [t('label.planUntilThen'), asValue(r.planName)],
        [t('label.renewsAs'), asValue(next)],
        [t('label.renewsOn'), day],
        [t('label.amount'), t('value.taxIncluded', { amount })],
      ],
      sms: t('renewal.asNextSms', { ...values, next }),
    };
  }
  return {
    sentence: t('renewal.same', values),
    details: [
      [t('label.plan'), asValue(r.planName)],
      [t('label.renewsOn'), day],
      [t('label.amount'), t('value.taxIncluded', { amount })],
    ],
    sms: t('renewal.sameSms', values),
  };
}

interface NoticeWords {
  subject: string;
  lead: string;
  details: [string, string][];
  sms: string;
}

function words(d: NoticeData, publicUrl: string, t: Words): NoticeWords {
  const subscription = `${publicUrl}/dashboard/account/subscription`;
  const cards = `${publicUrl}/dashboard/account/payment`;
  const { day, shortDay } = t;
  const by = (byPria: boolean | undefined) => (byPria ? 'pria' : 'customer');
  switch (d.type) {
    case 'renewal.reminder': {
      const amount = formatUsd(d.amountCents);
      const values = {
        planName: d.planName,
        day: day(d.renewsAt),
        shortDay: shortDay(d.renewsAt),
        amount,
        link: subscription,
        smsCard: d.card ? t.smsCard(d.card) : '',
        ...cardValues(d.card),
      };
      return {
        subject: t('reminder.subject', values),
        lead: t('reminder.lead', values),
        details: [
          [t('label.plan'), asValue(d.planName)],
          [t('label.amount'), t('value.taxIncluded', { amount })],
          [t('label.renewsOn'), day(d.renewsAt)],
          ...(d.card ? [[t('label.card'), cardName(d.card)] as [string, string]] : []),
          [t('label.cancelOnline'), subscription],
        ],
        sms: t('reminder.sms', values),
      };
    }
    case 'card.expiring': {
      const values = {
        card: cardName(d.card),
        smsCard: t.smsCard(d.card),
        day: day(d.chargeAt),
        shortDay: shortDay(d.chargeAt),
        link: cards,
      };
      return {
        subject: t('cardExpiring.subject', values),
        lead: t('cardExpiring.lead', values),
        details: [
          [t('label.card'), cardName(d.card)],
          [t('label.nextCharge'), t('value.chargeAt', { day: day(d.chargeAt) })],
        ],
        sms: t('cardExpiring.sms', values),
      };
    }
    case 'funding_card.expiring': {
      const values = {
        card: cardName(d.card),
        smsCard: t.smsCard(d.card),
        planName: d.planName,
        day: day(d.renewsAt),
        shortDay: shortDay(d.renewsAt),
        link: subscription,
      };
      return {
        subject: t('fundingExpiring.subject'),
        lead: t('fundingExpiring.lead', values),
        details: [
          [t('label.card'), cardName(d.card)],
          [t('label.renewsOn'), day(d.renewsAt)],
        ],
        sms: t('fundingExpiring.sms', values),
      };
    }
    case 'subscription.cancelled': {
      const owed = d.payBacks ?? [];
      const values = {
        by: by(d.byPria),
        planName: d.planName,
        day: day(d.endsAt),
        shortDay: shortDay(d.endsAt),
        owed: owed.length,
        payBacks: owed.map((p) => payBackWords(p, t)).join('; '),
        link: subscription,
      };
      return {
        subject: t('cancelled.subject'),
        lead: t('cancelled.lead', values),
        details: [
          [t('label.plan'), asValue(d.planName)],
          [t('label.activeUntil'), day(d.endsAt)],
          ...owed.map((p) => [t('label.stillToPayBack'), payBackWords(p, t)] as [string, string]),
        ],
        sms: t('cancelled.sms', values),
      };
    }
    case 'subscription.paused': {
      const values = {
        by: by(d.byPria),
        planName: d.planName,
        nextDay: day(d.nextChargeAt),
        day: day(d.endsAt),
        shortDay: shortDay(d.nextChargeAt),
        link: subscription,
      };
      return {
        subject: t('paused.subject', values),
        lead: t('paused.lead', values),
        details: [
          [t('label.plan'), asValue(d.planName)],
          [t('label.noChargeFrom'), day(d.nextChargeAt)],
          [t('label.activeUntil'), day(d.endsAt)],
        ],
        sms: t('paused.sms', values),
      };
    }
    case 'subscription.unpaused': {
      const next = d.nextChargeAt ? t('unpaused.next', { day: day(d.nextChargeAt) }) : '';
      // Notices from before issue 40's second walk carry no amount: they say the date only.
      const renewal =
        d.renewsAt && d.amountCents !== undefined
          ? renewalWords(
              {
                planName: d.planName,
                renewsAsPlanName: d.renewsAsPlanName,
                amountCents: d.amountCents,
                renewsAt: d.renewsAt,
                card: d.card,
              },
              t,
            )
          : null;
      const end = renewal
        ? renewal.sentence
        : d.renewsAt
          ? t('unpaused.renews', { day: day(d.renewsAt) })
          : d.endedWhilePaused
            ? t('unpaused.endedWhilePaused', { day: day(d.endsAt) })
            : t('unpaused.ends', { day: day(d.endsAt) });
      const newPlan = d.renewsAsPlanName && d.renewsAt ? d.renewsAsPlanName : null;
      return {
        subject: t('unpaused.subject'),
        lead: `${t('unpaused.head', { by: by(d.byPria), planName: d.planName })} ${next} ${end}`
          .replace(/\s+/g, ' ')
          .trim(),
        details: [
          ...(renewal ? [] : [[t('label.plan'), asValue(d.planName)] as [string, string]]),
          ...(d.nextChargeAt ? [[t('label.nextSmallCharge'), day(d.nextChargeAt)] as [string, string]] : []),
          ...(renewal
            ? renewal.details
            : ([d.renewsAt ? [t('label.renewsOn'), day(d.renewsAt)] : [t('label.endsOn'), day(d.endsAt)]] as [
                string,
                string,
              ][])),
        ],
        sms: t('unpaused.sms', {
          hasNext: d.nextChargeAt ? 'yes' : 'no',
          nextShortDay: d.nextChargeAt ? shortDay(d.nextChargeAt) : '',
          hasNewPlan: newPlan ? 'yes' : 'no',
          next: newPlan ?? '',
          renewShortDay: newPlan && d.renewsAt ? shortDay(d.renewsAt) : '',
        }),
      };
    }
    case 'subscription.plan_changed': {
      const amount = formatUsd(d.amountCents);
      const values = {
        planName: d.planName,
        day: day(d.changesAt),
        shortDay: shortDay(d.changesAt),
        amount,
        paused: d.paused ? 'yes' : 'no',
        ...cardValues(d.card),
      };
      if (!d.nextPlanName) {
        const calledOff = {
          ...values,
          hasCalledOff: d.calledOffPlanName ? 'yes' : 'no',
          calledOff: d.calledOffPlanName ?? '',
        };
        return {
          subject: t('calledOff.subject', calledOff),
          lead: t('calledOff.lead', calledOff),
          details: [
            [t('label.plan'), asValue(d.planName)],
            [t('label.renewsOn'), day(d.changesAt)],
            [t('label.amount'), t('value.taxIncluded', { amount })],
          ],
          sms: t('calledOff.sms', calledOff),
        };
      }
      const changed = { ...values, next: d.nextPlanName, months: d.intervalCount, link: subscription };
      return {
        subject: t('planChanged.subject', changed),
        lead: t('planChanged.lead', changed),
        details: [
          [t('label.planUntilThen'), asValue(d.planName)],
          [t('label.newPlan'), asValue(d.nextPlanName)],
          [t('label.startsOn'), day(d.changesAt)],
          [t('label.amountThen'), t('value.taxIncluded', { amount })],
          ...(d.card ? [[t('label.card'), cardName(d.card)] as [string, string]] : []),
        ],
        sms: t('planChanged.sms', changed),
      };
    }
    case 'subscription.resumed': {
      const renewal = renewalWords(d, t);
      return {
        subject: t('resumed.subject'),
        lead: d.renewsAsPlanName
          ? `${t('resumed.kept')} ${renewal.sentence}`
          : t('resumed.keptSame', {
              planName: d.planName,
              day: day(d.renewsAt),
              amount: formatUsd(d.amountCents),
              ...cardValues(d.card),
            }),
        details: renewal.details,
        sms: `Pria: ${renewal.sms}`,
      };
    }
  }
}

/**
 * The notice's data with its plans named in the reader's language (`planName`, ADR 74), as a
 * sentence writes them ("su plan anual"): the data keeps the names as stored (English).
 */
function withPlanNames(d: NoticeData, lang: Language): NoticeData {
  const name = (n: string) => planNameFromStored(n, lang, 'inSentence');
  const maybe = (n: string | null | undefined) => (n ? name(n) : n);
  if (d.type === 'card.expiring') return d;
  if (d.type === 'subscription.plan_changed')
    return {
      ...d,
      planName: name(d.planName),
      nextPlanName: maybe(d.nextPlanName) ?? null,
      calledOffPlanName: maybe(d.calledOffPlanName) ?? null,
    };
  if (d.type === 'subscription.resumed' || d.type === 'subscription.unpaused')
    return {
      ...d,
      planName: name(d.planName),
      ...(d.renewsAsPlanName !== undefined && { renewsAsPlanName: maybe(d.renewsAsPlanName) }),
    };
  return { ...d, planName: name(d.planName) };
}

/** A notice's email and SMS in the customer's language (ADR 74); English when none is known. */
export function noticeMessages(i: {
  data: NoticeData;
  firstName: string | null;
  publicUrl: string;
  lang?: Language;
}) {
  const lang = i.lang ?? 'en';
  const t = wordsIn(lang);
  const w = words(withPlanNames(i.data, lang), i.publicUrl, t);
  const greeting = i.firstName ? t('greeting.named', { firstName: i.firstName }) : t('greeting.anonymous');
  const settings = `${i.publicUrl}/dashboard/account/notifications`;
  const why = t('why');
  const text = [
    greeting,
    '',
    w.lead,
    '',
    ...w.details.map(([k, v]) => `${k}: ${v}`),
    '',
    `${why} ${t('settings', { link: settings })}`,
    t('fraudNotice'),
    '',
    'Pria',
  ].join('\n');
  return {
    email: {
      subject: w.subject,
      text,
      html: emailHtml({
        greeting,
        lead: w.lead,
        details: w.details,
        why,
        settings,
        lang,
        words: { settings: t('settingsLink'), fraudNotice: t('fraudNotice') },
      }),
    },
    // NOTE: one SMS segment when it fits (GSM-7, 160); links make some longer, sent as two.
    sms: w.sms,
  };
}
