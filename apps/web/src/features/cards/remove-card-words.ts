import { msg } from '@lingui/core/macro';
import { type CalendarLocale, type CardView, cardName, type UpcomingSchedule } from '@pria/contracts';
import { i18n } from '../../app/i18n/i18n.ts';
import { owedWords } from '../subscription/lifecycle-words.ts';

/**
 * What removing a card does, said before it is removed (issue 40): the card by its name, the
 * monthly $3 it stops getting, and each $3 still owed back to it, which removing does not stop
 * (the instrument stays at the processor until it is paid back: cards' `removeCard`). The amounts
 * owed back are worded as the cancel dialog words them (`owedWords`). In the language spoken now, its dates in that language's calendar (`locale`).
 */
export function removeCardWords(
  card: Pick<CardView, 'id' | 'brand' | 'lastFour' | 'chargeAndPay'>,
  owed: UpcomingSchedule['payBacksOwed'],
  locale: CalendarLocale,
): { title: string; message: string; details: string[]; confirm: string } {
  const name = cardName(card);
  const toThisCard = owed.filter((p) => p.card?.id === card.id);
  return {
    title: i18n._(msg`Remove ${name}?`),
    message: card.chargeAndPay
      ? i18n._(msg`It will no longer get the $3 monthly charge of Charge & Pay.`)
      : i18n._(msg`It is not in Charge & Pay: it gets no $3 monthly charge.`),
    details:
      toThisCard.length > 0
        ? [
            ...toThisCard.map((p) => owedWords(p, locale)),
            i18n._(msg`Removing the card does not change that.`),
          ]
        : [i18n._(msg`No $3 is waiting to be paid back to it.`)],
    confirm: i18n._(msg`Remove ${name}`),
  };
}
