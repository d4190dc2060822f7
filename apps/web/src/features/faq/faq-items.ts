import { msg } from '@lingui/core/macro';

/**
 * FAQ facts come straight from the spec (section 1 and 9); change them there first. `id` names the
 * item in the page (its element ids: the English question's words), whatever the language.
 */
export const faqItems = [
  {
    id: 'how-much-does-pria-charge-to-my-card',
    question: msg`How much does Pria charge to my card?`,
    answer: msg`Pria charges $3 per card per month. The charge is paid back to your card the following month.`,
  },
  {
    id: 'when-is-the-charge-made',
    question: msg`When is the charge made?`,
    answer: msg`The $3 charge is made on the 28th of each month at 4pm Eastern time.`,
  },
  {
    id: 'when-is-the-payment-to-my-card-made',
    question: msg`When is the payment to my card made?`,
    answer: msg`The payment to your card is made on the 2nd of the following month at 4pm Eastern time, paying off the $3 charge.`,
  },
  {
    id: 'what-happens-if-a-charge-is-declined',
    question: msg`What happens if a charge is declined?`,
    answer: msg`Each charge is tried once per month. If your card issuer declines it, Pria does not retry it; we will try again at the next monthly charge.`,
  },
  {
    id: 'does-pria-store-my-card-details',
    question: msg`Does Pria store my card details?`,
    answer: msg`No. Your card data is tokenized by our payment processor and is never stored by Pria. We keep only the brand, the last four digits and the expiry date, so you can recognize your card, and its billing address.`,
  },
  {
    id: 'how-much-is-the-subscription',
    question: msg`How much is the subscription?`,
    answer: msg`There are two plans: Semi-Annual, $36 semi-annually (every six months), and Annual, $66 a year; both plus applicable tax. Either plan covers all your cards.`,
  },
  {
    id: 'how-many-cards-can-i-register',
    question: msg`How many cards can I register?`,
    answer: msg`You can register up to 3 cards per subscription.`,
  },
  {
    id: 'which-cards-are-accepted',
    question: msg`Which cards are accepted?`,
    answer: msg`Pria accepts Visa and Mastercard credit cards only.`,
  },
  {
    id: 'is-the-activity-reported-to-the-credit-bureaus',
    question: msg`Is the activity reported to the credit bureaus?`,
    answer: msg`Yes. The monthly charge and payment are reported to the credit bureaus by your card issuer as part of your regular card activity.`,
  },
  {
    id: 'who-can-use-pria',
    question: msg`Who can use Pria?`,
    answer: msg`Pria is available to people in the United States who are at least 18 years old and are a US citizen or permanent resident.`,
  },
] as const;
