import { t } from '@lingui/core/macro';
import {
  brandDisplayNames,
  brandFromInput,
  type CalendarLocale,
  formatDate,
  formatMonth,
  formatUsd,
  type UpcomingCard,
  type UpcomingSchedule,
} from '@pria/contracts';
import { languageTags } from '@pria/contracts/languages';
import { currentLanguage } from '../../app/i18n/i18n.ts';

/** One $3 already charged and not paid back yet, in the customer's words, its dates in `locale`. */
export function owedWords(
  o: UpcomingSchedule['payBacksOwed'][number],
  now: number,
  locale: CalendarLocale,
): string {
  const amount = formatUsd(o.amountCents);
  const card = o.card ? cardName(o.card) : t`your card`;
  if (o.returned)
    return t`${amount} for ${card} came back: the card could not take it. Pria support will send it to another of your cards.`;
  if (new Date(o.at).getTime() <= now)
    return t`${amount} to ${card} is on its way: we retry automatically until it is paid.`;
  const month = formatMonth(o.period, 'name', locale);
  const date = formatDate(o.at, 'long', locale);
  return t`${date} at 4pm New York time: ${amount} back to ${card}, for ${month}'s charge.`;
}

export const cardName = (c: UpcomingCard) => {
  const brand = brandFromInput(c.brand);
  return `${brand ? brandDisplayNames[brand] : c.brand} •••• ${c.lastFour}`;
};

const listFormats = new Map<string, Intl.ListFormat>();
/** "and" in the language the app speaks now (one formatter per language). */
function cardsInWords(): Intl.ListFormat {
  const tag = languageTags[currentLanguage()];
  let f = listFormats.get(tag);
  if (!f) {
    f = new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' });
    listFormats.set(tag, f);
  }
  return f;
}

/**
 * Cards as a list in words: "Visa •••• 1111, Mastercard •••• 4444, and Visa •••• 9995" (issue 40:
 * "Visa •••• 1111 and Mastercard •••• 4444 and Visa •••• 9995").
 */
export const cardList = (cards: readonly UpcomingCard[]) => cardsInWords().format(cards.map(cardName));
