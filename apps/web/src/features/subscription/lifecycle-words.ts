import { plural, t } from '@lingui/core/macro';
import {
  type CalendarLocale,
  cardName,
  formatDate,
  formatUsd,
  messages,
  type PlanView,
  type SubscriptionView,
  type UpcomingSchedule,
} from '@pria/contracts';
import { translated } from '../../app/i18n/contract-messages.ts';

/** A $3 charge still owed back (the Upcoming panel's `payBacksOwed`). */
export type OwedPayBack = UpcomingSchedule['payBacksOwed'][number];

/**
 * "We still owe you $3.00 on Visa •••• 1111: it is paid back on February 02, 2031." Every function
 * here writes its dates in `locale`, the calendar of the language spoken (`useCalendarLocale()`).
 */
export function owedWords(p: OwedPayBack, locale: CalendarLocale): string {
  const amount = formatUsd(p.amountCents);
  const date = formatDate(p.at, 'long', locale);
  if (p.card) {
    const card = cardName(p.card);
    return p.returned
      ? t`We still owe you ${amount} on ${card}: that card could not take it, so Pria support sends it to another of your cards.`
      : t`We still owe you ${amount} on ${card}: it is paid back on ${date}.`;
  }
  return p.returned
    ? t`We still owe you ${amount}: that card could not take it, so Pria support sends it to another of your cards.`
    : t`We still owe you ${amount}: it is paid back on ${date}.`;
}

/**
 * The renewal that would happen, as one phrase (ADR 40, 60): the plan it starts (a scheduled
 * change names the new plan, not today's), its amount and its date. "Annual, $71.45 (including
 * taxes) on June 01, 2027". Every screen that mentions the renewal says it with this.
 */
export function renewalWords(
  sub: Pick<SubscriptionView, 'plan' | 'nextPlan' | 'expiresAt'>,
  locale: CalendarLocale,
): string | null {
  if (!sub.expiresAt) return null;
  const renewing: PlanView = sub.nextPlan ?? sub.plan;
  const name = renewing.name;
  const total = formatUsd(renewing.total);
  const date = formatDate(sub.expiresAt, 'long', locale);
  return t`${name}, ${total} (including taxes) on ${date}`;
}

/**
 * What cancelling and pausing do, in the words the confirmation shows (issue 19): the customer
 * reads exactly what happens to renewal, to the monthly $3 charges and to their pay-backs, and
 * (issue 40) to money already paid, as the renewal terms say: the plan stays active until the end
 * of the period paid for, and each $3 still owed back is paid back, named with its amount and date.
 * The renewal it calls off is named as it would have happened, a scheduled plan change included.
 */
export function cancelDetails(
  sub: Pick<SubscriptionView, 'plan' | 'nextPlan' | 'expiresAt'>,
  owed: OwedPayBack[],
  locale: CalendarLocale,
): string[] {
  const endsOn = sub.expiresAt ? formatDate(sub.expiresAt, 'long', locale) : null;
  const until = endsOn ?? t`the end of the current period`;
  const renewal = renewalWords(sub, locale);
  const nextName = sub.nextPlan?.name;
  return [
    renewal
      ? t`Your plan will not renew, so the renewal is not charged: ${renewal}.`
      : t`Your plan will not renew.`,
    ...(nextName
      ? [t`Your change to ${nextName} does not happen either, unless you keep your subscription.`]
      : []),
    endsOn
      ? t`It stays active until ${until}, the end of the period you paid for.`
      : t`It stays active until ${until}.`,
    t`The monthly $3 charges continue until then, and every $3 already charged is still paid back.`,
    ...owed.map((p) => owedWords(p, locale)),
    t`After ${until}, nothing more is charged.`,
    t`You can keep your subscription until ${until}.`,
  ];
}

/**
 * What pausing does (ADR 18, the same in the engine, the Upcoming panel, the emails and staff's
 * client detail): no $3 charges while paused and no renewal; charges already made are paid back.
 */
export function pauseDetails(endsOn: string | null): string[] {
  const until = endsOn ?? t`the end of the current period`;
  return [
    t`While paused, none of your cards is charged the monthly $3, starting with the next charge on the 28th.`,
    t`Every $3 already charged is still paid back to the same card on the 2nd.`,
    t`Your plan stays active until ${until} but does not renew while paused: if it is still paused then, it ends.`,
    t`Turn it back on before ${until} and the $3 charges restart on the next 28th.`,
    t`We email you a confirmation.`,
  ];
}

export function resumeDetails(endsOn: string | null, cancelled: boolean): string[] {
  return [
    t`The monthly $3 charges restart on the next 28th, each paid back on the 2nd.`,
    ...(endsOn
      ? [cancelled ? t`Your plan still ends on ${endsOn}.` : t`Your plan renews on ${endsOn}.`]
      : []),
    t`We email you a confirmation.`,
  ];
}

/**
 * "Keep my subscription" done: the renewal it brings back, as the account screen, the dashboard
 * and the email say it: the plan the renewal starts (a scheduled change, ADR 40), its amount and date.
 */
export function keptWords(
  sub: Pick<SubscriptionView, 'plan' | 'nextPlan' | 'expiresAt'>,
  locale: CalendarLocale,
): string {
  const renewal = renewalWords(sub, locale);
  return renewal
    ? t`Your subscription will renew as usual: ${renewal}.`
    : translated(messages.subscriptionKept);
}

/**
 * The line under 'Updated subscription' after a plan change (issue 40: the toast did not name the
 * plan): what happens next, as the account screen says it: the renewal that now comes, with the
 * plan it starts (the new one when the change waits for the renewal, ADR 40), its amount and date.
 */
export function planChangedWords(
  sub: Pick<SubscriptionView, 'plan' | 'nextPlan' | 'expiresAt'>,
  locale: CalendarLocale,
): string | null {
  const renewal = renewalWords(sub, locale);
  if (!renewal) return null;
  return sub.nextPlan
    ? t`Your plan changes at renewal: ${renewal}.`
    : t`Your plan renews as usual: ${renewal}.`;
}

/**
 * Before an account is deleted (issue 40): what becomes of money already paid. Deleting ends the
 * plan at once (the period paid for is not refunded; cancelling instead keeps it to its end), and
 * it waits until every $3 is paid back (the server refuses it until then).
 */
export function deletionMoneyWords(
  sub: Pick<SubscriptionView, 'plan' | 'status' | 'expiresAt'> | null | undefined,
  owed: OwedPayBack[],
  locale: CalendarLocale,
): { lines: string[]; blocked: boolean } {
  const lines: string[] = [];
  if (sub?.status === 'active' && sub.expiresAt) {
    const until = formatDate(sub.expiresAt, 'long', locale);
    const name = sub.plan.name;
    lines.push(
      t`Deleting your account ends your ${name} plan today, although you paid for it until ${until}: the rest of that period is not refunded.`,
      t`To keep your plan until ${until}, cancel your subscription instead, and delete your account after that.`,
    );
  }
  if (owed.length > 0) {
    lines.push(
      ...owed.map((p) => owedWords(p, locale)),
      plural(owed.length, {
        one: 'You can delete your account once it is paid back.',
        other: 'You can delete your account once they are paid back.',
      }),
    );
  } else {
    lines.push(t`No $3 charge is waiting to be paid back to you.`);
  }
  return { lines, blocked: owed.length > 0 };
}
