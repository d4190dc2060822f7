import { useLingui } from '@lingui/react';
import { type CalendarLocale, formatDate } from '@pria/contracts';
import { languageTags } from '@pria/contracts/languages';
import { i18n } from './i18n.ts';

/**
 * The locale the calendar writes dates in for the language spoken now (`es-US` or `en-US`, ADR 71):
 * pass it to `formatDate`/`formatMonth`. Read through Lingui, so a date re-renders with the switch.
 */
export function useCalendarLocale(): CalendarLocale {
  const { i18n } = useLingui();
  return i18n.locale === 'es' ? languageTags.es : languageTags.en;
}

/**
 * Makes the calendar's first New York formatter now, in a moment of its own: the browser loads
 * its time-zone and locale data for the first one (~15 ms at full speed, several times that on a
 * phone), which otherwise lands inside a screen's first render (issue 43). The customer area
 * calls it as it loads, before its screens have data to show.
 */
export function warmUpCalendar(): void {
  const run = () => {
    formatDate(Date.now(), 'long', i18n.locale === 'es' ? languageTags.es : languageTags.en);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 500 });
  else setTimeout(run, 0);
}
