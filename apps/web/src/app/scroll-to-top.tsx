import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Navigation state that keeps the scroll position: a page moving its own URL (a jump to a section). */
export const keepScroll = { keepScroll: true } as const;

/** Whether a location's state is `keepScroll`. */
export const keepsScroll = (state: unknown): boolean =>
  (state as typeof keepScroll | null)?.keepScroll === true;

/**
 * New page, top of the page — unless the address points at an anchor inside it, or asks to stay.
 * Not when the app starts: the browser has placed the page already (and on the prerendered landing
 * page the visitor may have scrolled before the scripts arrived).
 */
export function ScrollToTop() {
  const { pathname, hash, state } = useLocation();
  const stay = keepsScroll(state);
  const shown = useRef(pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is exactly what triggers the scroll
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (hash || stay) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}
