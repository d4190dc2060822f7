import type { CardView } from '@pria/contracts';

// How a stored card is shown (tiles, checkout's card list): apart from the form's values and
// schemas, so showing cards does not load zod.

/** "•••• •••• •••• 4242", how a stored card's number is shown (we never have the rest). */
export const maskedNumber = (lastFour: string) => `•••• •••• •••• ${lastFour}`;

export const expiryOf = (card: Pick<CardView, 'expirationMonth' | 'expirationYear'>) =>
  `${String(card.expirationMonth).padStart(2, '0')}/${String(card.expirationYear).slice(-2)}`;

/**
 * The name the card tile shows under "Card holder": the name on the card as it was entered (the
 * Edit card dialog shows the same one); the profile's name only for a card stored without one
 * (issue 40: the tile showed the profile's name over the card's own).
 */
export const holderNameOf = (card: Pick<CardView, 'name'>, profileName: string) =>
  card.name.trim() || profileName;

/**
 * The order cards are shown in: those in Charge & Pay first (at most three), then the others, each
 * group as it came. Three slots show unless 'Show all cards' is on, so the one left out is never a
 * card charged each month (a walk: a card taken out of Charge & Pay stayed in view, and the fourth,
 * charged $3 a month, was the one hidden).
 */
export const chargedFirst = <C extends Pick<CardView, 'chargeAndPay'>>(cards: readonly C[]): C[] =>
  [...cards].sort((a, b) => Number(b.chargeAndPay) - Number(a.chargeAndPay));
