import { creditEducation } from '@pria/contracts';
import { describe, expect, it } from 'vitest';
import { creditEducationWords } from './credit-education-words.ts';

describe("the progress panel's credit facts", () => {
  it('read in English exactly as the contracts say them, in the same order', () => {
    expect(creditEducationWords.map((w) => ({ title: w.title.message, text: w.text.message }))).toEqual(
      creditEducation,
    );
  });
});
