import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LegalSection } from '../../components/legal-document.tsx';
import { privacySections } from './privacy-sections.tsx';
import { privacyTextEs as privacyData } from './privacy-text.es.ts';
import { toLegalText } from './render-legal-text.tsx';
import { termsSections } from './terms-sections.tsx';
import { termsTextEs as termsData } from './terms-text.es.ts';

const termsTextEs = toLegalText(termsData);
const privacyTextEs = toLegalText(privacyData);
const html = (node: ReactNode) => renderToStaticMarkup(createElement(Fragment, null, node));
const ids = (sections: LegalSection[]) => sections.map((s) => s.id);

/** Issue 42: the Spanish legal pages are the English ones, section for section, and say English governs. */
describe('the legal texts in Spanish', () => {
  const documents = [
    { name: 'terms', english: termsSections, spanish: termsTextEs, count: 22 },
    { name: 'privacy policy', english: privacySections, spanish: privacyTextEs, count: 15 },
  ];

  for (const { name, english, spanish, count } of documents) {
    it(`${name}: the same ${count} sections in the same order (a link to #section works in both)`, () => {
      expect(ids(spanish.sections)).toEqual(ids(english));
      expect(spanish.sections).toHaveLength(count);
    });

    it(`${name}: says first that the English version governs where the two differ`, () => {
      expect(html(spanish.governingNotice)).toMatch(/prevalecerá la versión en inglés/);
    });

    it(`${name}: every section translated (no English title or paragraph left)`, () => {
      for (const [index, section] of spanish.sections.entries()) {
        const englishSection = english[index];
        expect(section.title).not.toBe(englishSection?.title);
        expect(html(section.body)).not.toBe(html(englishSection?.body));
      }
    });
  }

  it('terms: the prohibited activities keep their 22 lettered items, a to v', () => {
    const list = html(termsTextEs.sections.find((s) => s.id === 'prohibited-activities')?.body);
    expect(list).toContain('aria-label="Actividades prohibidas"');
    expect(list.match(/<li /g)).toHaveLength(22);
    expect(list).toContain('data-letter="v"');
  });

  it('privacy policy: the pay-back is an abono, never a reembolso or devolución (glossary)', () => {
    const text = html(privacyTextEs.sections.map((s) => s.body)) + html(privacyTextEs.intro);
    expect(text).toMatch(/abon/);
    expect(text).not.toMatch(/reembols|devoluci/);
  });
});
