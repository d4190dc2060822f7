/**
 * The simulator's documented test cards (see README.md beside this file). Any other valid
 * Visa or Mastercard number behaves like `success`.
 */
export type Behaviour =
  | 'success'
  | 'decline_registration'
  | 'insufficient_funds'
  | 'expired_card'
  | 'timeout_after_charge'
  | 'requires_authentication'
  | 'payout_fails_twice'
  | 'payout_returned'
  | 'disputed';

export const testCards: Record<string, Behaviour> = {
  '4111111111111111': 'success',
  '5555555555554444': 'success',
  '4000000000000002': 'decline_registration',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000119': 'timeout_after_charge',
  '4000002760003184': 'requires_authentication',
  '4000000000000077': 'payout_fails_twice',
  '4000000000005126': 'payout_returned',
  '4000000000000259': 'disputed',
};

export const behaviourOf = (number: string): Behaviour => testCards[number] ?? 'success';
