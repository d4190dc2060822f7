import { describe, expect, it } from 'vitest';
import { onboardingWords } from './onboarding-words.ts';

describe("the onboarding's contract words", () => {
  it('read in English exactly as the contracts say them', () => {
    for (const [english, descriptor] of Object.entries(onboardingWords))
      expect(descriptor.message).toBe(english);
  });
});
