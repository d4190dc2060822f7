import { messages } from '@pria/contracts';
import { describe, expect, it } from 'vitest';
import { newCardSchema } from './card-checks.ts';
import { formatExpiry, prefilledCardName } from './card-form-values.ts';

/** What the field holds after each keystroke, as a person types `keys` one by one. */
function typed(keys: string[]): string {
  return keys.reduce((value, key) => formatExpiry(`${value}${key}`, value), '');
}

describe('the expiry field', () => {
  it('takes the date typed as printed, slash and all (issue 40: "12//3")', () => {
    expect(typed(['1', '2', '/', '3', '0'])).toBe('12/30');
  });

  it('adds the slash after the month when it is not typed', () => {
    expect(typed(['1', '2', '3', '0'])).toBe('12/30');
    expect(typed(['1', '2'])).toBe('12/');
  });

  it('gives a one-digit month its zero when the slash follows it', () => {
    expect(typed(['1', '/', '3', '0'])).toBe('01/30');
  });

  it('stops at MM/YY', () => {
    expect(typed(['1', '2', '/', '3', '0', '9'])).toBe('12/30');
  });

  it('takes a pasted date in any of the ways people write it', () => {
    for (const pasted of ['12/30', '1230', '12 / 30', '12/2030', ' 12-30 '])
      expect(formatExpiry(pasted, ''), pasted).toBe('12/30');
  });

  it('lets the slash be deleted, and the month after it', () => {
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('1', '12')).toBe('1');
    expect(formatExpiry('12/', '12/3')).toBe('12/');
  });
});

describe("the card details' CVC", () => {
  const card = {
    name: 'Ann Example',
    number: '4111 1111 1111 1111',
    brand: '001',
    expirationDate: '12/30',
    address: {
      address1: '1 Main St',
      locality: 'Springfield',
      administrativeArea: 'IL',
      postalCode: '62701',
    },
  };
  const cvcError = (cvc: string) => {
    const r = newCardSchema(new Date(2026, 4, 15)).safeParse({ ...card, cvc });
    return r.success ? null : r.error.issues.find((i) => i.path[0] === 'cvc')?.message;
  };

  it("refuses 1 or 2 digits with the spec's words, so the form does not submit", () => {
    expect(cvcError('1')).toBe(messages.invalidCvc);
    expect(cvcError('12')).toBe(messages.invalidCvc);
  });

  it("takes 3 digits, and 4 (an American Express card's)", () => {
    expect(cvcError('123')).toBeNull();
    expect(cvcError('1234')).toBeNull();
  });
});

describe('a new card\'s "Name on card"', () => {
  it("starts as the profile's name when it fits the field", () => {
    expect(prefilledCardName('Ann Lee')).toBe('Ann Lee');
    expect(prefilledCardName('A'.repeat(100))).toBe('A'.repeat(100));
  });

  it('starts empty when the name is longer than the field takes (issue 40: the step opened with an error)', () => {
    expect(prefilledCardName(`${'A'.repeat(100)} ${'B'.repeat(100)}`)).toBe('');
  });
});
