import { msg } from '@lingui/core/macro';

/**
 * The contracts' `creditEducation` (factual only: no promise of a score change, nothing about
 * removing accurate negative information; the Credit Repair Organizations Act) as messages of the
 * customer catalog, read with `i18n._`. The English is the contracts' own, word for word, in the
 * same order (credit-education-words.test.ts); a change of words is made there first.
 */
export const creditEducationWords = [
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
