import { useLingui } from '@lingui/react';
import { formatDate } from '@pria/contracts/calendar';
import { use } from 'react';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { currentLanguage } from '../../app/i18n/i18n.ts';
import type { LegalText } from '../../components/legal-document.tsx';
import type { LegalTextData } from './legal-text-data.ts';
import { toLegalText } from './render-legal-text.tsx';

/**
 * A legal document in the reader's language (ADR 73, addendum). The English text is in the page's
 * own chunk; a translation is its own chunk, `import()`ed the first time someone reads it, so the
 * English page does not grow. While it downloads the page suspends (the area's loader shows), so a
 * Spanish reader never sees the English text first.
 */
export function useLegalText(english: LegalText, spanish: () => Promise<LegalTextData>): LegalText {
  useLingui(); // re-render when the language changes
  return currentLanguage() === 'es' ? use(once(spanish)) : english;
}

/** One promise per loader, kept: `use` needs the same promise on every render. */
const loads = new Map<() => Promise<LegalTextData>, Promise<LegalText>>();
function once(load: () => Promise<LegalTextData>): Promise<LegalText> {
  let promise = loads.get(load);
  if (!promise) {
    promise = load().then(toLegalText);
    loads.set(load, promise);
  }
  return promise;
}

/**
 * A document's date, a calendar day 'YYYY-MM-DD', as its reader writes it: "January 4, 2022",
 * "4 de enero de 2022" (the calendar's `written` style). A day, not an instant: that day's noon
 * UTC, which is the same day in New York.
 */
export function useLegalDate(day: string): string {
  const locale = useCalendarLocale();
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return formatDate(Date.UTC(year, month - 1, date, 12), 'written', locale);
}
