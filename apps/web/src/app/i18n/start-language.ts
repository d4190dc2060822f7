import { type Language, languageOfTag } from '@pria/contracts/languages';
import { cookieLanguage } from './language-cookie.ts';
import { resolveLanguage } from './resolve-language.ts';
import { isStaffPath } from './use-english-here.ts';

/**
 * The language the app starts in. A prerendered page hydrates in the language the server wrote it
 * in (its `<html lang>`: the server chose by the cookie, then Accept-Language), and a signed-in
 * screen's frame (`servedInOne`) starts in the language it was written in; any other page
 * resolves it here, from the cookie, then the browser's languages. A signed-in customer's account
 * language, once the app has read it, wins over both (use-account-language.ts). The admin portal is
 * English for everyone (issue 42).
 */
export function startLanguage(servedInOne: boolean, pathname: string): Language {
  if (isStaffPath(pathname)) return 'en';
  const served = servedInOne ? languageOfTag(document.documentElement.lang) : undefined;
  return served ?? resolveLanguage({ cookie: cookieLanguage(), browser: navigator.languages });
}
