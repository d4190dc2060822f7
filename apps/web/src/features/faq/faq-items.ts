/** FAQ facts come straight from the spec (section 1 and 9); change them there first. */
export const faqItems = [
  {
    question: 'How much does Pria charge to my card?',
    answer: 'Pria charges $3 per card per month. The charge is paid back to your card the following month.',
  },
  {
    question: 'When is the charge made?',
    answer: 'The $3 charge is made on the 28th of each month at 4pm Eastern time.',
  },
  {
    question: 'When is the payment to my card made?',
    answer:
      'The payment to your card is made on the 2nd of the following month at 4pm Eastern time, paying off the $3 charge.',
  },
  {
    question: 'What happens if a charge is declined?',
    answer:
      'Each charge is tried once per month. If your card issuer declines it, Pria does not retry it; we will try again at the next monthly charge.',
  },
  {
    question: 'Does Pria store my card details?',
    answer:
      'No. Your card data is tokenized by our payment processor and is never stored by Pria. We keep only the brand, the last four digits and the expiry date so you can recognise your card.',
  },
  {
    question: 'How much is the subscription?',
    answer:
      'There are two plans: Semi-Annual, $36 semi-annually (every six months), and Annual, $66 a year; both plus applicable tax. Either plan covers all your cards.',
  },
  {
    question: 'How many cards can I register?',
    answer: 'You can register up to 3 cards per subscription.',
  },
  {
    question: 'Which cards are accepted?',
    answer: 'Pria accepts Visa and Mastercard credit cards only.',
  },
  {
    question: 'Is the activity reported to the credit bureaus?',
    answer:
      'Yes. The monthly charge and payment are reported to the credit bureaus by your card issuer as part of your regular card activity.',
  },
  {
    question: 'Who can use Pria?',
    answer:
      'Pria is available to people in the United States who are at least 18 years old and are a US citizen or permanent resident.',
  },
] as const;
