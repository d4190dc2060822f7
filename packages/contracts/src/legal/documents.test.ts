import { describe, expect, it } from 'vitest';
import { legalDocumentIds, legalDocuments, legalLanguage, legalSummary } from './documents.ts';

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

describe("the registry's names and notes in each language (issue 42)", () => {
  it('names every document and tells every version in Spanish, not in English again', () => {
    for (const id of legalDocumentIds) {
      const { title, versions } = legalDocuments[id];
      expect(title.es, id).not.toBe(title.en);
      for (const v of versions) expect(v.summary.es, `${id} ${v.version}`).not.toBe(v.summary.en);
    }
  });

  it("tells a version's note in the reader's language, and nothing for a version it does not hold", () => {
    expect(legalSummary('terms', '2022-01-04', 'en')).toBe('The terms of service as first published.');
    expect(legalSummary('terms', '2022-01-04', 'es')).toBe(
      'Los términos del servicio tal como se publicaron por primera vez.',
    );
    expect(legalSummary('terms', '1999-01-01', 'es')).toBeUndefined();
  });
});
