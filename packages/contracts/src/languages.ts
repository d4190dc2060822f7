// No zod here: the web app's entry reads these on every page (the landing page's JavaScript stays small).

/**
 * The languages Pria speaks to customers (issue 42, ADR 71): English and US Spanish. The admin
 * portal stays English.
 */
export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

/**
 * The cookie that keeps a visitor's choice (set by the web app's switch whenever someone picks, and
 * by a signed-in customer's account language): the server reads it to choose a prerendered page's
 * language and the web app to start in it (ADR 73).
 */
export const languageCookie = 'pria_lang';

/** The BCP 47 tag of each language, for `<html lang>` and `Intl` (US English, US Spanish). */
export const languageTags = { en: 'en-US', es: 'es-US' } as const satisfies Record<Language, string>;

/** The web app manifest each language's pages link (the install name and shortcuts in it; apps/web/build/pwa.ts). */
export const manifestPaths = {
  en: '/manifest.webmanifest',
  es: '/manifest.es.webmanifest',
} as const satisfies Record<Language, string>;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** The language a `Cookie` header (or `document.cookie`) holds in `pria_lang`, if a known one. */
export function languageFromCookies(cookies: string | undefined): Language | undefined {
  for (const pair of (cookies ?? '').split(';')) {
    const [name, value] = pair.split('=', 2).map((s) => s.trim());
    if (name === languageCookie && isLanguage(value)) return value;
  }
  return undefined;
}

/** The language of a BCP 47 tag a browser gives ('es-MX' → es, 'en-GB' → en), if we speak it. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}
