import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ProgressMonth, ProgressMonthState, ProgressTotals } from '@pria/contracts';
import { formatUsd } from '@pria/contracts';

/**
 * The progress panel's words that `@pria/contracts` writes in English (`progressStateLabel`,
 * `progressStateDetail`, `declineAdvice`, `progressSummary`, `creditEducation`, issue 32), as
 * messages of the customer catalog (ADR 73, issue 42). The English is the contracts' own, word for
 * word: progress-words.test.ts renders every case both ways. A change to the contracts' sentences
 * is made here too, or that test fails.
 */

export const stateLabels: Record<ProgressMonthState, MessageDescriptor> = {
  paid_back: msg`Charged and paid back`,
  paying_back: msg`Charged · paying back`,
  processing: msg`Processing`,
  declined: msg`Declined`,
  missed: msg`Missed (our fault)`,
  payback_returned: msg`Pay-back returned`,
  refunded: msg`Refunded`,
  disputed: msg`Disputed`,
};

/** `declineAdvice`: what to do about a declined charge, from the issuer's reason (the same tests). */
export function declineAdviceIn(i18n: I18n, reason: string | null): string {
  const r = (reason ?? '').toLowerCase();
  if (/insufficient|funds|limit|over/.test(r))
    return i18n._(msg`Before the 28th, make sure the card has at least $3 of available credit.`);
  if (/expired|expiry|expiration/.test(r))
    return i18n._(msg`Update the card's expiry date in Funding, or add another card.`);
  if (/lost|stolen|restricted|honor|pick up|fraud/.test(r))
    return i18n._(msg`Call the number on the back of your card to ask why, or add another card in Funding.`);
  return i18n._(msg`Check with your card's issuer, or add another card in Funding.`);
}

function disputeDetailIn(i18n: I18n, outcome: ProgressMonth['dispute'], paidBack: boolean): string {
  switch (outcome) {
    case 'won':
      return paidBack
        ? i18n._(
            msg`Your bank decided this dispute in Pria's favor: the charge stands, and we paid it back to your card.`,
          )
        : i18n._(
            msg`Your bank decided this dispute in Pria's favor: the charge stands, so we pay it back to your card.`,
          );
    case 'lost':
      return paidBack
        ? i18n._(
            msg`Your bank decided this dispute in your favor and returned the charge to you. We had already paid it back to your card as well, so you received it twice.`,
          )
        : i18n._(
            msg`Your bank decided this dispute in your favor and returned the charge to you, so we don't pay it back as well.`,
          );
    default:
      return i18n._(
        msg`You disputed this charge with your bank. The month is on hold until the bank decides.`,
      );
  }
}

/** `progressStateDetail`: what happened this month and what to do, in the language spoken now. */
export function stateDetailIn(
  i18n: I18n,
  m: Pick<ProgressMonth, 'state' | 'reason' | 'dispute' | 'paidBackCents'>,
): string {
  switch (m.state) {
    case 'paid_back':
      return i18n._(msg`Charged $3 and paid it back: an on-time month.`);
    case 'paying_back':
      return i18n._(msg`Charged. We pay it back to the same card on the 2nd.`);
    case 'processing':
      return i18n._(msg`We're waiting for your card's answer to this charge.`);
    case 'declined': {
      const advice = declineAdviceIn(i18n, m.reason);
      const reason = m.reason;
      return reason
        ? i18n._(
            msg`Your card declined the charge (${reason}). Nothing was charged and we won't retry this month. ${advice}`,
          )
        : i18n._(
            msg`Your card declined the charge. Nothing was charged and we won't retry this month. ${advice}`,
          );
    }
    case 'missed':
      return i18n._(
        msg`We didn't send this month's charge in time. That was our fault, not yours: nothing was charged and it doesn't count against you.`,
      );
    case 'payback_returned':
      return i18n._(
        msg`Your card refused our pay-back (often a closed account). Our team will send it to another of your cards; you will get an email when it is paid.`,
      );
    case 'refunded':
      return i18n._(msg`We refunded this charge to your card.`);
    case 'disputed':
      return disputeDetailIn(i18n, m.dispute, m.paidBackCents > 0);
  }
}

/** `progressSummary`: "14 months, $42.00 charged, $42.00 paid back". */
export function summaryIn(i18n: I18n, totals: ProgressTotals): string {
  const months = totals.months;
  const charged = formatUsd(totals.chargedCents);
  const paidBack = formatUsd(totals.paidBackCents);
  return i18n._(
    msg`${plural(months, { one: '# month', other: '# months' })}, ${charged} charged, ${paidBack} paid back`,
  );
}

/** `creditEducation`: the plain facts about credit, in the same order. */
export const creditEducationWords: { title: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    title: msg`Payment history`,
    text: msg`Card issuers usually report each account's balance and payment status to the credit bureaus about once a month. Payment history is the largest factor in the most widely used credit scores, and each month the $3 is paid back on time adds to that history.`,
  },
  {
    title: msg`Utilization`,
    text: msg`Utilization is the share of your credit limits you're using. The $3 balance is small and paid back within days, so it adds little to utilization. Keeping overall balances low relative to your limits is generally associated with better scores.`,
  },
  {
    title: msg`Declined and missed months`,
    text: msg`A declined charge isn't a late payment: nothing was charged, so nothing was owed. A month we missed was our fault and is never held against you.`,
  },
  {
    title: msg`What we can and cannot do`,
    text: msg`Your card's issuer decides what it reports and when. Pria can't promise any change to your credit score, and negative information on your credit report is not removed. Results vary from person to person.`,
  },
];
