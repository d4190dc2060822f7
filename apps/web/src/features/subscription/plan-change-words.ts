import { plural, t } from '@lingui/core/macro';
import { type CalendarLocale, formatDate, formatUsd } from '@pria/contracts';
// The app's Lingui instance, activated in its language: the `t` and `plural` below read it.
import '../../app/i18n/i18n.ts';
import type { Plan } from '../customer/types.ts';

const months = (plan: Plan) => (plan.interval === 'year' ? plan.intervalCount * 12 : plan.intervalCount);

/**
 * What a plan change on a paid plan does, in the words the confirmation shows BEFORE it is made
 * (ADR 40, the same as the server, the Upcoming panel and the email): nothing charged today, the
 * plan in force until its end date, the new plan and its amount from then.
 */
export function planChangeDetails(r: {
  current: Plan;
  chosen: Plan;
  /** The plan a change is already scheduled to, if any. */
  scheduled: Plan | null;
  changesAt: number;
  /** "Visa •••• 1111", or null when no card is known. */
  cardName: string | null;
  /** Paused now: changing plan turns the subscription back on (the spec's plan change sends isEnabled true). */
  paused: boolean;
  /** The calendar of the language spoken (`useCalendarLocale()`): the dates are written in it. */
  locale: CalendarLocale;
}): { title: string; message: string; details: string[]; confirm: string } {
  const on = formatDate(r.changesAt, 'long', r.locale);
  const card = r.cardName;
  const resumes = r.paused
    ? [t`This also turns your subscription back on: the monthly $3 charges restart on the next 28th.`]
    : [];
  const current = r.current.name;
  const chosen = r.chosen.name;
  const scheduled = r.scheduled?.name;
  if (r.chosen.id === r.current.id) {
    const total = formatUsd(r.current.total);
    const count = months(r.current);
    return {
      title: t`Stay on ${current}?`,
      message: scheduled
        ? t`Your plan stays ${current}: the change to ${scheduled} is called off.`
        : t`Your plan stays ${current}.`,
      details: [
        t`Nothing is charged today.`,
        card
          ? plural(count, {
              one: `On ${on} we charge ${total} (including taxes) to your ${card} and your ${current} plan renews for # month.`,
              other: `On ${on} we charge ${total} (including taxes) to your ${card} and your ${current} plan renews for # months.`,
            })
          : plural(count, {
              one: `On ${on} we charge ${total} (including taxes) and your ${current} plan renews for # month.`,
              other: `On ${on} we charge ${total} (including taxes) and your ${current} plan renews for # months.`,
            }),
        ...resumes,
        t`We email you a confirmation.`,
      ],
      confirm: t`Stay on ${current}`,
    };
  }
  const total = formatUsd(r.chosen.total);
  const count = months(r.chosen);
  return {
    title: t`Change to ${chosen}?`,
    message: t`Your plan changes to ${chosen} on ${on}.`,
    details: [
      t`Nothing is charged today.`,
      t`Your ${current} plan stays as it is until ${on}.`,
      card
        ? plural(count, {
            one: `On ${on} we charge ${total} (including taxes) to your ${card} for # month of ${chosen}, and it renews every # month until you cancel.`,
            other: `On ${on} we charge ${total} (including taxes) to your ${card} for # months of ${chosen}, and it renews every # months until you cancel.`,
          })
        : plural(count, {
            one: `On ${on} we charge ${total} (including taxes) for # month of ${chosen}, and it renews every # month until you cancel.`,
            other: `On ${on} we charge ${total} (including taxes) for # months of ${chosen}, and it renews every # months until you cancel.`,
          }),
      ...resumes,
      t`We email you a confirmation.`,
    ],
    confirm: t`Change to ${chosen}`,
  };
}

/** What paying now for an ended plan does, said before the card is charged (auto-renewal terms). */
export function payNowDetails(plan: Plan, renewsOn: string): string[] {
  const total = formatUsd(plan.total);
  const tax = formatUsd(plan.tax);
  const name = plan.name;
  return [
    t`${total} (including ${tax} tax) is charged to this card now.`,
    plural(months(plan), {
      one: `Your ${name} plan then runs until ${renewsOn} and renews automatically every # month for ${total} until you cancel.`,
      other: `Your ${name} plan then runs until ${renewsOn} and renews automatically every # months for ${total} until you cancel.`,
    }),
    t`You can cancel anytime in Account Settings → Subscription.`,
  ];
}
