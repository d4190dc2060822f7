/**
 * What Charge & Pay means for one card, in the same words at checkout (a new card that pays for
 * the plan) and in the edit form (joining or leaving later): the customer decides, never us.
 */
export const CHARGE_AND_PAY_LABEL = 'Use this card for Charge & Pay';
export const CHARGE_AND_PAY_HELP =
  'We charge $3 on this card on the 28th of every month and pay it back on the 2nd of the next month. You can change this later.';
