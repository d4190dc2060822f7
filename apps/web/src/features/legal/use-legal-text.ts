import { useLingui } from '@lingui/react';
import { instantInNewYork, NEW_YORK } from '@pria/contracts/calendar';
import { languageTags } from '@pria/contracts/languages';
import { use } from 'react';
import { currentLanguage } from '../../app/i18n/i18n.ts';
import type { LegalText } from '../../components/legal-document.tsx';

/**
 * A legal document in the reader's language (ADR 73, addendum). The English text is in the page's
 * own chunk; a translation is its own chunk, `import()`ed the first time someone reads it, so the
 * English page does not grow. While it downloads the page suspends (the area's loader shows), so a
 * Spanish reader never sees the English text first.
 */
export function useLegalText(english: LegalText, spanish: () => Promise<LegalText>): LegalText {
  useLingui(); // re-render when the language changes
  return currentLanguage() === 'es' ? use(once(spanish)) : english;
}

/** One promise per loader, kept: `use` needs the same promise on every render. */
const loads = new Map<() => Promise<LegalText>, Promise<LegalText>>();
function once(load: () => Promise<LegalText>): Promise<LegalText> {
  let promise = loads.get(load);
  if (!promise) {
    promise = load();
    loads.set(load, promise);
  }
  return promise;
}

/** A document's date, a New York calendar day 'YYYY-MM-DD', as its reader writes it: "January 4, 2022", "4 de enero de 2022". */
export function useLegalDate(day: string): string {
  useLingui();
  return new Intl.DateTimeFormat(languageTags[currentLanguage()], {
    dateStyle: 'long',
    timeZone: NEW_YORK,
  }).format(instantInNewYork(`${day} 12:00`));
}
