import { formatUsd } from './money.ts';

/**
 * Credit-building progress (issue 32): each card's months of Charge & Pay. Money in integer cents;
 * the words below are the only place the screen's sentences are written.
 *
 * A month's state, from the customer's side:
 * - paid_back: charged and paid back (an on-time month);
 * - paying_back: charged; the pay-back is on its way (the 2nd, or retrying);
 * - processing: the charge's outcome is not known yet;
 * - declined: the card's issuer declined the charge (nothing was charged, nothing is owed);
 * - missed: Pria did not send the charge in time: our fault, it never counts against the customer;
 * - payback_returned: the card refused the pay-back (closed account): we send it elsewhere;
 * - refunded, disputed: the charge was refunded, or the cardholder disputed it with the bank.
 */
export const progressMonthStates = [
  'paid_back',
  'paying_back',
  'processing',
  'declined',
  'missed',
  'payback_returned',
  'refunded',
  'disputed',
] as const;
export type ProgressMonthState = (typeof progressMonthStates)[number];

export interface ProgressMonth {
  /** The month charged, YYYY-MM. */
  period: string;
  state: ProgressMonthState;
  chargedCents: number;
  paidBackCents: number;
  chargedAt: string | null;
  paidBackAt: string | null;
  /** Declines: the issuer's reason. */
  reason: string | null;
  /**
   * The charge's latest dispute, from Pria's side as the processor reports it: `won`, the bank
   * decided for Pria (the charge stands); `lost`, it decided for the customer (it returned the $3).
   */
  dispute: 'open' | 'won' | 'lost' | null;
}

export interface ProgressTotals {
  /** Months with at least one charge (declined and missed ones not counted). */
  months: number;
  chargedCents: number;
  paidBackCents: number;
  /** Consecutive most recent months charged and paid back (missed and in-flight months skipped). */
  onTimeRun: number;
}

export interface ProgressCard extends ProgressTotals {
  cardId: string;
  brand: string;
  lastFour: string;
  removed: boolean;
  /** Newest first. */
  history: ProgressMonth[];
}

/** GET /api/v1/progress */
export interface Progress extends ProgressTotals {
  cards: ProgressCard[];
}

export const progressStateLabel: Record<ProgressMonthState, string> = {
  paid_back: 'Charged and paid back',
  paying_back: 'Charged · paying back',
  processing: 'Processing',
  declined: 'Declined',
  missed: 'Missed (our fault)',
  payback_returned: 'Pay-back returned',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

/** What happened this month and, where the customer can act, what to do: one or two sentences. */
export function progressStateDetail(
  m: Pick<ProgressMonth, 'state' | 'reason' | 'dispute' | 'paidBackCents'>,
): string {
  switch (m.state) {
    case 'paid_back':
      return 'Charged $3 and paid it back: an on-time month.';
    case 'paying_back':
      return 'Charged. We pay it back to the same card on the 2nd.';
    case 'processing':
      return "We're waiting for your card's answer to this charge.";
    case 'declined':
      return `Your card declined the charge${m.reason ? ` (${m.reason})` : ''}. Nothing was charged and we won't retry this month. ${declineAdvice(m.reason)}`;
    case 'missed':
      return "We didn't send this month's charge in time. That was our fault, not yours: nothing was charged and it doesn't count against you.";
    case 'payback_returned':
      return 'Your card refused our pay-back (often a closed account). Our team will send it to another of your cards; you will get an email when it is paid.';
    case 'refunded':
      return 'We refunded this charge to your card.';
    case 'disputed':
      return disputeDetail(m.dispute, m.paidBackCents > 0);
  }
}

/**
 * A disputed month in the customer's words. The dispute's outcome is Pria's (the processor's
 * `won`/`lost`), so it is turned around here: Pria losing means the bank decided for the customer.
 */
function disputeDetail(outcome: ProgressMonth['dispute'], paidBack: boolean): string {
  switch (outcome) {
    case 'won':
      return paidBack
        ? "Your bank decided this dispute in Pria's favor: the charge stands, and we paid it back to your card."
        : "Your bank decided this dispute in Pria's favor: the charge stands, so we pay it back to your card.";
    case 'lost':
      return paidBack
        ? 'Your bank decided this dispute in your favor and returned the charge to you. We had already paid it back to your card as well, so you received it twice.'
        : "Your bank decided this dispute in your favor and returned the charge to you, so we don't pay it back as well.";
    default:
      return 'You disputed this charge with your bank. The month is on hold until the bank decides.';
  }
}

/** What to do about a declined charge, from the issuer's reason. */
export function declineAdvice(reason: string | null): string {
  const r = (reason ?? '').toLowerCase();
  if (/insufficient|funds|limit|over/.test(r))
    return 'Before the 28th, make sure the card has at least $3 of available credit.';
  if (/expired|expiry|expiration/.test(r))
    return "Update the card's expiry date in Funding, or add another card.";
  if (/lost|stolen|restricted|honor|pick up|fraud/.test(r))
    return 'Call the number on the back of your card to ask why, or add another card in Funding.';
  return "Check with your card's issuer, or add another card in Funding.";
}

/** "14 months, $42.00 charged, $42.00 paid back" */
export function progressSummary(t: ProgressTotals): string {
  const months = `${t.months} ${t.months === 1 ? 'month' : 'months'}`;
  return `${months}, ${formatUsd(t.chargedCents)} charged, ${formatUsd(t.paidBackCents)} paid back`;
}

/**
 * A few plain facts about how a small, paid-off balance relates to a credit report. Factual only:
 * no promise of a score change (Credit Repair Organizations Act), nothing about removing accurate
 * negative information, and the issuer — not Pria — does the reporting.
 */
export const creditEducation: { title: string; text: string }[] = [
  {
    title: 'Payment history',
    text: "Card issuers usually report each account's balance and payment status to the credit bureaus about once a month. Payment history is the largest factor in the most widely used credit scores, and each month the $3 is paid back on time adds to that history.",
  },
  {
    title: 'Utilization',
    text: "Utilization is the share of your credit limits you're using. The $3 balance is small and paid back within days, so it adds little to utilization. Keeping overall balances low relative to your limits is generally associated with better scores.",
  },
  {
    title: 'Declined and missed months',
    text: "A declined charge isn't a late payment: nothing was charged, so nothing was owed. A month we missed was our fault and is never held against you.",
  },
  {
    title: 'What we can and cannot do',
    text: "Your card's issuer decides what it reports and when. Pria can't promise any change to your credit score, and negative information on your credit report is not removed. Results vary from person to person.",
  },
];
