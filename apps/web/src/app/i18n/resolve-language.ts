import { type Language, languageOfTag } from '@pria/contracts/languages';

/** Where a language can come from, strongest first (ADR 73). */
export interface LanguageSources {
  /** The signed-in customer's choice, kept on the account (null while never chosen). */
  account?: Language | null;
  /** The visitor's choice on this browser (cookie `pria_lang`). */
  cookie?: Language;
  /** The browser's languages, most wanted first (`navigator.languages`). */
  browser?: readonly string[];
}

/**
 * The one language a page speaks: the account's choice, else this browser's choice, else the first
 * of the browser's languages we speak (any Spanish reads Spanish, any English English), else English.
 */
export function resolveLanguage({ account, cookie, browser = [] }: LanguageSources): Language {
  if (account) return account;
  if (cookie) return cookie;
  for (const tag of browser) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}
