import { describe, expect, it } from 'vitest';
import { legalLanguage } from './documents.ts';

describe('the language a legal document is shown in (issue 42)', () => {
  it("is the reader's where the document is published in it", () => {
    expect(legalLanguage('terms', 'es')).toBe('es');
    expect(legalLanguage('privacy', 'es')).toBe('es');
    expect(legalLanguage('terms', 'en')).toBe('en');
  });

  it('is Spanish for the renewal terms and card authorization too, now published in Spanish', () => {
    expect(legalLanguage('recurring', 'es')).toBe('es');
    expect(legalLanguage('recurring', 'en')).toBe('en');
  });
});
