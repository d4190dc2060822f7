import { i18n, type Messages } from '@lingui/core';
import { type Language, languageTags } from '@pria/contracts/languages';
import { messages as english } from '../../locales/en/messages.po';

/**
 * The app's one Lingui instance (ADR 73). English is in the entry: every page starts in it. Spanish
 * is its own chunk, downloaded only by someone reading Spanish, so the English pages do not grow.
 */
const catalogs: Record<Language, () => Promise<Messages>> = {
  en: () => Promise.resolve(english),
  es: () => import('../../locales/es/messages.po').then((m) => m.messages),
};
/** The catalogs loaded so far: English from the start. */
const loaded: Partial<Record<Language, Messages>> = { en: english };

i18n.load('en', english);
i18n.activate('en', [languageTags.en]);

export { i18n };

/** The language the app speaks now. */
export const currentLanguage = (): Language => (i18n.locale === 'es' ? 'es' : 'en');

/**
 * Speaks `language` from now on: its catalog loaded (once), every message on screen re-rendered,
 * and `<html lang>` saying so (screen readers, hyphenation, the browser's translate offer).
 */
export async function activateLanguage(language: Language): Promise<void> {
  const messages = loaded[language] ?? (await catalogs[language]());
  loaded[language] = messages;
  // One change event, so what is on screen re-renders once.
  i18n.loadAndActivate({ locale: language, locales: [languageTags[language]], messages });
  if (typeof document !== 'undefined') document.documentElement.lang = languageTags[language];
}
