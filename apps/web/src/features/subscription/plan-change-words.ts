import { formatDate, formatUsd } from '@pria/contracts';
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
}): { title: string; message: string; details: string[]; confirm: string } {
  const on = formatDate(r.changesAt);
  const card = r.cardName ? ` to your ${r.cardName}` : '';
  const resumes = r.paused
    ? ['This also turns your subscription back on: the monthly $3 charges restart on the next 28th.']
    : [];
  if (r.chosen.id === r.current.id) {
    return {
      title: `Stay on ${r.current.name}?`,
      message: `Your plan stays ${r.current.name}${r.scheduled ? `: the change to ${r.scheduled.name} is called off` : ''}.`,
      details: [
        'Nothing is charged today.',
        `On ${on} we charge ${formatUsd(r.current.total)} (including taxes)${card} and your ${r.current.name} plan renews for ${months(r.current)} months.`,
        ...resumes,
        'We email you a confirmation.',
      ],
      confirm: `Stay on ${r.current.name}`,
    };
  }
  return {
    title: `Change to ${r.chosen.name}?`,
    message: `Your plan changes to ${r.chosen.name} on ${on}.`,
    details: [
      'Nothing is charged today.',
      `Your ${r.current.name} plan stays as it is until ${on}.`,
      `On ${on} we charge ${formatUsd(r.chosen.total)} (including taxes)${card} for ${months(r.chosen)} months of ${r.chosen.name}, and it renews every ${months(r.chosen)} months until you cancel.`,
      ...resumes,
      'We email you a confirmation.',
    ],
    confirm: `Change to ${r.chosen.name}`,
  };
}

/** What paying now for an ended plan does, said before the card is charged (auto-renewal terms). */
export function payNowDetails(plan: Plan, renewsOn: string): string[] {
  return [
    `${formatUsd(plan.total)} (including ${formatUsd(plan.tax)} tax) is charged to this card now.`,
    `Your ${plan.name} plan then runs until ${renewsOn} and renews automatically every ${months(plan)} months for ${formatUsd(plan.total)} until you cancel.`,
    'You can cancel anytime in Account Settings → Subscription.',
  ];
}
