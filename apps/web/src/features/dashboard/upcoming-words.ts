import {
  brandDisplayNames,
  brandFromInput,
  formatDate,
  formatMonth,
  formatUsd,
  type UpcomingCard,
  type UpcomingSchedule,
} from '@pria/contracts';

/** One $3 already charged and not paid back yet, in the customer's words. */
export function owedWords(o: UpcomingSchedule['payBacksOwed'][number], now: number): string {
  const amount = formatUsd(o.amountCents);
  const card = o.card ? cardName(o.card) : 'your card';
  if (o.returned)
    return `${amount} for ${card} came back: the card could not take it. Pria support will send it to another of your cards.`;
  if (new Date(o.at).getTime() <= now)
    return `${amount} to ${card} is on its way: we retry automatically until it is paid.`;
  const month = formatMonth(o.period, 'name');
  return `${formatDate(o.at)} at 4pm New York time: ${amount} back to ${card}, for ${month}'s charge.`;
}

export const cardName = (c: UpcomingCard) => {
  const brand = brandFromInput(c.brand);
  return `${brand ? brandDisplayNames[brand] : c.brand} •••• ${c.lastFour}`;
};

const cardsInWords = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/**
 * Cards as a list in words: "Visa •••• 1111, Mastercard •••• 4444, and Visa •••• 9995" (issue 40:
 * "Visa •••• 1111 and Mastercard •••• 4444 and Visa •••• 9995").
 */
export const cardList = (cards: readonly UpcomingCard[]) => cardsInWords.format(cards.map(cardName));
