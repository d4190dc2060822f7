import { useLingui } from '@lingui/react';
import type { CalendarLocale } from '@pria/contracts';
import { languageTags } from '@pria/contracts/languages';

/**
 * The locale the calendar writes dates in for the language spoken now (`es-US` or `en-US`, ADR 71):
 * pass it to `formatDate`/`formatMonth`. Read through Lingui, so a date re-renders with the switch.
 */
export function useCalendarLocale(): CalendarLocale {
  const { i18n } = useLingui();
  return i18n.locale === 'es' ? languageTags.es : languageTags.en;
}
