import { i18n, type Messages } from '@lingui/core';
import { type Language, languageTags, manifestPaths } from '@pria/contracts/languages';
import { messages as publicEnglish } from '../../locales/en/public.po';

/**
 * The app's one Lingui instance (ADR 73 and its addendum, ADR 86). Its messages come in three
 * catalogs per language: `public` (the public site and the pieces every page needs), `customer` (the
 * signed-in customer area) and `account` (the account page's later sections). English `public` is in the entry: every page starts in it. Every other
 * catalog is its own chunk: Spanish is downloaded only by someone reading Spanish, and `customer`
 * only when the customer area loads (`loadArea`), so the landing page does not carry its words.
 */
export type Area = 'public' | 'customer' | 'account';
const catalogs: Record<Area, Record<Language, () => Promise<Messages>>> = {
  public: {
    en: () => Promise.resolve(publicEnglish),
    es: () => import('../../locales/es/public.po').then((m) => m.messages),
  },
  customer: {
    en: () => import('../../locales/en/customer.po').then((m) => m.messages),
    es: () => import('../../locales/es/customer.po').then((m) => m.messages),
  },
  // The account page's later sections (features/account/later-sections.tsx; ADR 86).
  account: {
    en: () => import('../../locales/en/account.po').then((m) => m.messages),
    es: () => import('../../locales/es/account.po').then((m) => m.messages),
  },
};
/** The areas whose messages the app needs so far: the public one from the start. */
const areas = new Set<Area>(['public']);
/** The catalogs loaded so far: English `public` from the start. */
const loaded: Record<Language, Partial<Record<Area, Messages>>> = { en: { public: publicEnglish }, es: {} };
/** The language last asked for (an area loaded meanwhile is loaded in it). */
let wanted: Language = 'en';

i18n.load('en', publicEnglish);
i18n.activate('en', [languageTags.en]);

export { i18n };

/** The language the app speaks now. */
export const currentLanguage = (): Language => (i18n.locale === 'es' ? 'es' : 'en');

/** Every needed area's messages in `language`, each catalog downloaded once. */
async function messagesIn(language: Language): Promise<Messages> {
  const needed = [...areas];
  const parts = await Promise.all(
    needed.map(async (area) => {
      const messages = loaded[language][area] ?? (await catalogs[area][language]());
      loaded[language][area] = messages;
      return messages;
    }),
  );
  return Object.assign({}, ...parts);
}

/**
 * Speaks `language` from now on: the catalogs of every area loaded so far (once each), every
 * message on screen re-rendered, and `<html lang>` saying so (screen readers, hyphenation, the
 * browser's translate offer).
 */
export async function activateLanguage(language: Language): Promise<void> {
  wanted = language;
  const messages = await messagesIn(language);
  if (wanted !== language) return; // a later pick won while this one downloaded
  // One change event, so what is on screen re-renders once.
  i18n.loadAndActivate({ locale: language, locales: [languageTags[language]], messages });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = languageTags[language];
    // The install name and shortcuts a phone shows, in the same language.
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPaths[language]);
  }
}

/**
 * Adds an area's messages, in the language spoken now (and in any picked later). The customer area
 * awaits this before it renders (router.tsx), so a Spanish reader never sees its English first and
 * no message shows as its id.
 */
export async function loadArea(area: Area): Promise<void> {
  if (areas.has(area) && loaded[wanted][area]) return;
  areas.add(area);
  const language = wanted;
  const messages = loaded[language][area] ?? (await catalogs[area][language]());
  loaded[language][area] = messages;
  if (wanted !== language || i18n.locale !== language) {
    await activateLanguage(wanted); // the language changed meanwhile: every area in the new one
    return;
  }
  // Added to the messages in use without Lingui's change event: nothing on screen needs them (what
  // uses an area's words renders once it has loaded), and the event re-renders every translated
  // component at once (Lingui's provider is an external store, never a transition): on the account
  // page, the whole page in one long task when its sections' catalog arrived (issue 43).
  Object.assign(i18n.messages, messages);
}
