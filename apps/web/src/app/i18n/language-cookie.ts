import { type Language, languageCookie, languageFromCookies } from '@pria/contracts/languages';

const A_YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** This browser's choice (cookie `pria_lang`), if someone made one. */
export const cookieLanguage = (): Language | undefined => languageFromCookies(document.cookie);

/**
 * Keeps `language` as this browser's choice for a year: the server reads it to send a prerendered
 * page in that language, and the app to start in it. Not HttpOnly: the app sets it.
 */
export function rememberLanguage(language: Language): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve; one fixed name and a value from a closed list, nothing to escape
  document.cookie = `${languageCookieFor(language)}${secure}`;
}

/**
 * The cookie that keeps `language`, as `document.cookie` takes it, but for `Secure` (added on an
 * https page). The language switch also writes it into the page (`data-choose-language`), for
 * public/start-after-paint.js to set before the app runs (ADR 82).
 */
export const languageCookieFor = (language: Language): string =>
  `${languageCookie}=${language}; Path=/; Max-Age=${A_YEAR_IN_SECONDS}; SameSite=Lax`;
