import type { Language } from '@pria/contracts/languages';
import { useEffect } from 'react';
import { activateLanguage, currentLanguage } from './i18n.ts';
import { rememberLanguage } from './language-cookie.ts';

/**
 * The signed-in customer's account language wins over this browser's (ADR 73): once the customer
 * record says one, the app speaks it, and the browser keeps it too (the cookie), so the public
 * pages the server sends next are in it as well. Null (never chosen) changes nothing.
 */
export function useAccountLanguage(language: Language | null | undefined): void {
  useEffect(() => {
    if (!language) return;
    rememberLanguage(language);
    if (language !== currentLanguage()) void activateLanguage(language);
  }, [language]);
}
