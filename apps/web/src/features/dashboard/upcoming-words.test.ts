import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, loadArea } from '../../app/i18n/i18n.ts';
import { cardList, owedWords } from './upcoming-words.ts';

// The Upcoming panel's "Next pay-back" (issue 29): between the 28th and the 2nd the $3 just
// charged is what comes back next, not next month's.
const visa = {
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
  card: visa,
  returned: false,
};
const before = Date.parse('2026-11-29T12:00:00Z');

describe('a pay-back owed', () => {
  it('names its day, amount, card and the month it repays', () => {
    expect(owedWords(owed, before, 'en-US')).toBe(
      "December 02, 2026 at 4pm New York time: $3.00 back to Visa •••• 1111, for November's charge.",
    );
  });

  it('past its day says it is on its way, without a date that has passed', () => {
    expect(owedWords(owed, Date.parse('2026-12-03T12:00:00Z'), 'en-US')).toBe(
      '$3.00 to Visa •••• 1111 is on its way: we retry automatically until it is paid.',
    );
  });

  it('returned by the card says support sends it to another card', () => {
    expect(owedWords({ ...owed, returned: true }, before, 'en-US')).toContain(
      'the card could not take it. Pria support will send it to another of your cards.',
    );
  });

  describe('in Spanish', () => {
    afterAll(() => activateLanguage('en'));

    it('writes its day and the month it repays in Spanish, not "December 02" and "November"', async () => {
      await activateLanguage('es');
      await loadArea('customer');
      expect(owedWords(owed, before, 'es-US')).toBe(
        '2 de diciembre de 2026 a las 4:00 p.m., hora de Nueva York: abono de $3.00 a Visa •••• 1111, por el cargo de noviembre.',
      );
    });
  });
});

describe('cards named together', () => {
  const mastercard = { ...visa, id: 'c2', brand: 'mastercard', lastFour: '4444' };
  const third = { ...visa, id: 'c3', lastFour: '9995' };

  it('read as a list, not "and … and …" (issue 40)', () => {
    expect(cardList([visa, mastercard, third])).toBe(
      'Visa •••• 1111, Mastercard •••• 4444, and Visa •••• 9995',
    );
  });

  it('two are joined by "and"; one is itself', () => {
    expect(cardList([visa, mastercard])).toBe('Visa •••• 1111 and Mastercard •••• 4444');
    expect(cardList([visa])).toBe('Visa •••• 1111');
  });
});
