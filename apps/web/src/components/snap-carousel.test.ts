import { describe, expect, it } from 'vitest';
import { slideAfterRemoval } from './snap-carousel.tsx';

const cards = ['visa', 'mastercard', 'add'];

describe('the slide a carousel shows once its slides change', () => {
  it('is the one that took the place of the slide in view, when that slide is removed', () => {
    expect(slideAfterRemoval(['a', 'b', 'c'], ['a', 'c'], 1)).toBe(1);
  });

  it('is the one the carousel names for the removed slide (the last card: not "Add a card")', () => {
    const lastCard = (index: number) => Math.min(index, 0);
    expect(slideAfterRemoval(cards, ['visa', 'add'], 1, lastCard)).toBe(0);
  });

  it('stays within the slides left', () => {
    expect(slideAfterRemoval(['a', 'b'], ['a'], 1)).toBe(0);
    expect(slideAfterRemoval(['a', 'b'], ['b'], 0, () => -1)).toBe(0);
  });

  it('is left to the row when the slide in view is still there (a slide added, another removed)', () => {
    expect(slideAfterRemoval(['visa', 'add'], ['visa', 'mastercard', 'add'], 1)).toBeNull();
    expect(slideAfterRemoval(cards, ['mastercard', 'add'], 1)).toBeNull();
  });

  it('is left to the row when no slide is left', () => {
    expect(slideAfterRemoval(['a'], [], 0)).toBeNull();
  });
});
