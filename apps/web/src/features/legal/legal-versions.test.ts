import { createHash } from 'node:crypto';
import {
  cardAuthorizationText,
  currentLegalVersion,
  type LegalDocumentId,
} from '@pria/contracts/legal/documents';
import { recurringDisclosure } from '@pria/contracts/legal/recurring-disclosure';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { privacySections } from './privacy-sections.tsx';
import { termsSections } from './terms-sections.tsx';

/**
 * The words a reader sees: markup dropped, whitespace collapsed. An entity counts as a space, and so
 * does an apostrophe: React's renderer wrote it as an entity when the versions' hashes were
 * recorded, Preact's writes it as is (ADR 89); the same words give the same hash with either.
 */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;|'/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sectionsText = (sections: { title: string; body: unknown }[]) =>
  sections
    .map((s) => `${s.title}\n${words(renderToStaticMarkup(createElement(Fragment, null, s.body as never)))}`)
    .join('\n');

/** Each document's text as customers read it (the recurring one with placeholders for its blanks). */
const texts: Record<LegalDocumentId, () => string> = {
  terms: () => sectionsText(termsSections),
  privacy: () => sectionsText(privacySections),
  recurring: () =>
    `${recurringDisclosure.text({ planName: '{plan}', totalCents: 0, intervalCount: 0, renewsOn: '{date}' })}\n${cardAuthorizationText('{card}')}`,
};

describe('legal texts and their versions', () => {
  for (const id of Object.keys(texts) as LegalDocumentId[]) {
    it(`${id}: a changed text comes with a new version (packages/contracts/src/legal/documents.ts)`, () => {
      const hash = sha256(texts[id]());
      // On failure: add a version to legalDocuments.${id} with a "what changed" summary and this hash.
      expect(hash, `${id} text hash`).toBe(currentLegalVersion(id).textSha256);
    });
  }

  it('the recurring version is the disclosure’s own', () => {
    expect(currentLegalVersion('recurring').version).toBe(recurringDisclosure.version);
  });
});
