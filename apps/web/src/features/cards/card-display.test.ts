import { describe, expect, it } from 'vitest';
import { holderNameOf } from './card-display.ts';

describe("the card tile's card holder", () => {
  it('is the name on the card, not the profile name (issue 40)', () => {
    expect(holderNameOf({ name: 'A. Lee' }, 'Ann Beth Lee')).toBe('A. Lee');
  });

  it('is the profile name only for a card stored without one', () => {
    expect(holderNameOf({ name: '' }, 'Ann Beth Lee')).toBe('Ann Beth Lee');
    expect(holderNameOf({ name: '  ' }, 'Ann Beth Lee')).toBe('Ann Beth Lee');
  });
});
