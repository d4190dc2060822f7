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
