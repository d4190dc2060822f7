import { describe, expect, it } from 'vitest';
import { chargedFirst, holderNameOf } from './card-display.ts';

describe("the card tile's card holder", () => {
  it('is the name on the card, not the profile name (issue 40)', () => {
    expect(holderNameOf({ name: 'A. Lee' }, 'Ann Beth Lee')).toBe('A. Lee');
  });

  it('is the profile name only for a card stored without one', () => {
    expect(holderNameOf({ name: '' }, 'Ann Beth Lee')).toBe('Ann Beth Lee');
    expect(holderNameOf({ name: '  ' }, 'Ann Beth Lee')).toBe('Ann Beth Lee');
  });
});

describe('the order cards are shown in', () => {
  it('puts the cards in Charge & Pay first, each group in the order it came', () => {
    const cards = [
      { id: 'a', chargeAndPay: false },
      { id: 'b', chargeAndPay: true },
      { id: 'c', chargeAndPay: true },
      { id: 'd', chargeAndPay: true },
    ];
    expect(chargedFirst(cards).map((c) => c.id)).toEqual(['b', 'c', 'd', 'a']);
    expect(chargedFirst(cards.slice(1)).map((c) => c.id)).toEqual(['b', 'c', 'd']);
    expect(cards.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
