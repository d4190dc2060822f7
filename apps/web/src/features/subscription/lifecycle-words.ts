import { formatDate, formatUsd, messages, type PlanView, type SubscriptionView } from '@pria/contracts';

/**
 * What cancelling and pausing do, in the words the confirmation shows (issue 19): the customer
 * reads exactly what happens to renewal, to the monthly $3 charges and to their pay-backs.
 */
export function cancelDetails(endsOn: string | null): string[] {
  const until = endsOn ?? 'the end of the current period';
  return [
    'Your plan will not renew.',
    `It stays active until ${until}.`,
    'The monthly $3 charges continue until then, and every $3 already charged is still paid back.',
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
  const renewing: PlanView = sub.nextPlan ?? sub.plan;
  if (!sub.expiresAt) return messages.subscriptionKept;
  const on = formatDate(sub.expiresAt);
  return `${messages.subscriptionKept}: ${renewing.name}, ${formatUsd(renewing.total)} (including taxes) on ${on}.`;
}
