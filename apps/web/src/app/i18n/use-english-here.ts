import { useEffect } from 'react';
import { activateLanguage, currentLanguage } from './i18n.ts';

/** The admin portal's paths: staff pages are never translated (issue 42). */
export const isStaffPath = (pathname: string) => /^\/admin(\/|$)/.test(pathname);

/**
 * The admin portal speaks English whatever the browser's or the visitor's choice (a staff member
 * arriving from a customer page in Spanish included); the choice itself is left as it is.
 */
export function useEnglishHere(): void {
  useEffect(() => {
    if (currentLanguage() !== 'en') void activateLanguage('en');
  }, []);
}
