import type { CardView } from '@pria/contracts';

// How a stored card is shown (tiles, checkout's card list): apart from the form's values and
// schemas, so showing cards does not load zod.

/** "•••• •••• •••• 4242", how a stored card's number is shown (we never have the rest). */
export const maskedNumber = (lastFour: string) => `•••• •••• •••• ${lastFour}`;

export const expiryOf = (card: Pick<CardView, 'expirationMonth' | 'expirationYear'>) =>
  `${String(card.expirationMonth).padStart(2, '0')}/${String(card.expirationYear).slice(-2)}`;
