import { type CardView, cardName, type UpcomingSchedule } from '@pria/contracts';
import { owedWords } from '../subscription/lifecycle-words.ts';

/**
 * What removing a card does, said before it is removed (issue 40): the card by its name, the
 * monthly $3 it stops getting, and each $3 still owed back to it, which removing does not stop
 * (the instrument stays at the processor until it is paid back: cards' `removeCard`). The amounts
 * owed back are worded as the cancel dialog words them (`owedWords`).
 */
export function removeCardWords(
  card: Pick<CardView, 'id' | 'brand' | 'lastFour' | 'chargeAndPay'>,
  owed: UpcomingSchedule['payBacksOwed'],
): { title: string; message: string; details: string[]; confirm: string } {
  const name = cardName(card);
  const toThisCard = owed.filter((p) => p.card?.id === card.id);
  return {
    title: `Remove ${name}?`,
    message: card.chargeAndPay
      ? 'It will no longer get the $3 monthly charge of Charge & Pay.'
      : 'It is not in Charge & Pay: it gets no $3 monthly charge.',
    details:
      toThisCard.length > 0
        ? [...toThisCard.map(owedWords), 'Removing the card does not change that.']
        : ['No $3 is waiting to be paid back to it.'],
    confirm: `Remove ${name}`,
  };
}
