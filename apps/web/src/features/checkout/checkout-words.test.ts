import { describe, expect, it } from 'vitest';
import { checkoutWords } from './checkout-words.ts';

describe("the checkout's contract words", () => {
  it('read in English exactly as the contracts say them', () => {
    for (const [english, descriptor] of Object.entries(checkoutWords))
      expect(descriptor.message).toBe(english);
  });
});
