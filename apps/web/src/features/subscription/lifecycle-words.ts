import {
  cardName,
  formatDate,
  formatUsd,
  messages,
  type PlanView,
  type SubscriptionView,
  type UpcomingSchedule,
} from '@pria/contracts';

/** A $3 charge still owed back (the Upcoming panel's `payBacksOwed`). */
export type OwedPayBack = UpcomingSchedule['payBacksOwed'][number];

/** "We still owe you $3.00 on Visa •••• 1111: it is paid back on February 02, 2031." */
export function owedWords(p: OwedPayBack): string {
  const on = p.card ? ` on ${cardName(p.card)}` : '';
  return p.returned
    ? `We still owe you ${formatUsd(p.amountCents)}${on}: that card could not take it, so Pria support sends it to another of your cards.`
    : `We still owe you ${formatUsd(p.amountCents)}${on}: it is paid back on ${formatDate(p.at)}.`;
}

/**
 * The renewal that would happen, as one phrase (ADR 40, 60): the plan it starts (a scheduled
 * change names the new plan, not today's), its amount and its date. "Annual, $71.45 (including
 * taxes) on June 01, 2027". Every screen that mentions the renewal says it with this.
 */
export function renewalWords(sub: Pick<SubscriptionView, 'plan' | 'nextPlan' | 'expiresAt'>): string | null {
  if (!sub.expiresAt) return null;
  const renewing: PlanView = sub.nextPlan ?? sub.plan;
  return `${renewing.name}, ${formatUsd(renewing.total)} (including taxes) on ${formatDate(sub.expiresAt)}`;
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
  owed: OwedPayBack[] = [],
): string[] {
  const endsOn = sub.expiresAt ? formatDate(sub.expiresAt) : null;
  const until = endsOn ?? 'the end of the current period';
  const renewal = renewalWords(sub);
  return [
    renewal
      ? `Your plan will not renew, so the renewal is not charged: ${renewal}.`
      : 'Your plan will not renew.',
    ...(sub.nextPlan
      ? [`Your change to ${sub.nextPlan.name} does not happen either, unless you keep your subscription.`]
      : []),
    endsOn
      ? `It stays active until ${until}, the end of the period you paid for.`
      : `It stays active until ${until}.`,
    'The monthly $3 charges continue until then, and every $3 already charged is still paid back.',
    ...owed.map(owedWords),
    `After ${until}, nothing more is charged.`,
    `You can keep your subscription until ${until}.`,
  ];
}

/**
 * What pausing does (ADR 18, the same in the engine, the Upcoming panel, the emails and staff's
 * client detail): no $3 charges while paused and no renewal; charges already made are paid back.
 */
export function pauseDetails(endsOn: string | null): string[] {
  const until = endsOn ?? 'the end of the current period';
  return [
    'While paused, none of your cards is charged the monthly $3, starting with the next charge on the 28th.',
    'Every $3 already charged is still paid back to the same card on the 2nd.',
    `Your plan stays active until ${until} but does not renew while paused: if it is still paused then, it ends.`,
    `Turn it back on before ${until} and the $3 charges restart on the next 28th.`,
    'We email you a confirmation.',
  ];
}

export function resumeDetails(endsOn: string | null, cancelled: boolean): string[] {
  return [
    'The monthly $3 charges restart on the next 28th, each paid back on the 2nd.',
    ...(endsOn ? [cancelled ? `Your plan still ends on ${endsOn}.` : `Your plan renews on ${endsOn}.`] : []),
    'We email you a confirmation.',
  ];
}

/**
 * "Keep my subscription" done: the renewal it brings back, as the account screen, the dashboard
 * and the email say it: the plan the renewal starts (a scheduled change, ADR 40), its amount and date.
 */
export function keptWords(sub: Pick<SubscriptionView, 'plan' | 'nextPlan' | 'expiresAt'>): string {
  const renewal = renewalWords(sub);
  return renewal ? `${messages.subscriptionKept}: ${renewal}.` : messages.subscriptionKept;
}

/**
 * Before an account is deleted (issue 40): what becomes of money already paid. Deleting ends the
 * plan at once (the period paid for is not refunded; cancelling instead keeps it to its end), and
 * it waits until every $3 is paid back (the server refuses it until then).
 */
export function deletionMoneyWords(
  sub: Pick<SubscriptionView, 'plan' | 'status' | 'expiresAt'> | null | undefined,
  owed: OwedPayBack[],
): { lines: string[]; blocked: boolean } {
  const lines: string[] = [];
  if (sub?.status === 'active' && sub.expiresAt) {
    const until = formatDate(sub.expiresAt);
    lines.push(
      `Deleting your account ends your ${sub.plan.name} plan today, although you paid for it until ${until}: the rest of that period is not refunded.`,
      `To keep your plan until ${until}, cancel your subscription instead, and delete your account after that.`,
    );
  }
  if (owed.length > 0) {
    lines.push(
      ...owed.map(owedWords),
      `You can delete your account once ${owed.length === 1 ? 'it is' : 'they are'} paid back.`,
    );
  } else {
    lines.push('No $3 charge is waiting to be paid back to you.');
  }
  return { lines, blocked: owed.length > 0 };
}
