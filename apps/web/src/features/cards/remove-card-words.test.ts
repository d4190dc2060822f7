import { describe, expect, it } from 'vitest';
import { activateLanguage, loadArea } from '../../app/i18n/i18n.ts';
import { removeCardWords } from './remove-card-words.ts';

const visa = { id: 'c1', brand: 'visa' as const, lastFour: '1111', chargeAndPay: true };
const upcomingCard = {
  id: 'c1',
  brand: 'visa',
  lastFour: '1111',
  expirationMonth: 12,
  expirationYear: 2040,
  expiredBy: false,
};
const owed = {
  at: '2026-12-02T21:00:00.000Z',
  period: '2026-11',
  amountCents: 300,
  card: upcomingCard,
  returned: false,
};

describe('removeCardWords: the card by name and what removing it does (issue 40)', () => {
  it('names the card in the title and on the button', () => {
    const w = removeCardWords(visa, [], 'en-US');
    expect(w.title).toBe('Remove Visa •••• 1111?');
    expect(w.confirm).toBe('Remove Visa •••• 1111');
  });

  it('a Charge & Pay card stops getting the $3, and nothing is owed back', () => {
    const w = removeCardWords(visa, [], 'en-US');
    expect(w.message).toBe('It will no longer get the $3 monthly charge of Charge & Pay.');
    expect(w.details).toEqual(['No $3 is waiting to be paid back to it.']);
  });

  it('a $3 owed back to it is still paid back on its date, in the cancel dialog’s words', () => {
    const w = removeCardWords(visa, [owed], 'en-US');
    expect(w.details).toEqual([
      'We still owe you $3.00 on Visa •••• 1111: it is paid back on December 02, 2026.',
      'Removing the card does not change that.',
    ]);
  });

  it('a $3 owed to another card is not this card’s', () => {
    const other = { ...owed, card: { ...upcomingCard, id: 'c2', brand: 'mastercard', lastFour: '4444' } };
    expect(removeCardWords(visa, [other], 'en-US').details).toEqual([
      'No $3 is waiting to be paid back to it.',
    ]);
  });

  it('a card only paying for the plan is not said to get the $3', () => {
    expect(removeCardWords({ ...visa, chargeAndPay: false }, [], 'en-US').message).toBe(
      'It is not in Charge & Pay: it gets no $3 monthly charge.',
    );
  });

  it('in Spanish, the date of a $3 owed back is Spanish (issue 42)', async () => {
    await activateLanguage('es');
    await loadArea('customer');
    try {
      expect(removeCardWords(visa, [owed], 'es-US').details[0]).toBe(
        'Todavía le debemos $3.00 en Visa •••• 1111: se le abona el 2 de diciembre de 2026.',
      );
    } finally {
      await activateLanguage('en');
    }
  });
});
