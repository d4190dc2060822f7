import { useEffect } from 'react';
import { api, dataOf } from '../api-client.ts';

/** How often an open tab that is being looked at asks whether its session still stands. */
export const SESSION_CHECK_EVERY_MS = 60_000;
/** Focus and visibilitychange arrive together when a tab comes back: one check for both. */
export const SESSION_CHECK_GAP_MS = 5_000;

export interface WatchedPage {
  /** Whether the tab is on screen (document.visibilityState). */
  visible(): boolean;
  /** Where 'visibilitychange' and 'focus' arrive (document and window). */
  targets: EventTarget[];
  now(): number;
}

function browserPage(): WatchedPage {
  return {
    visible: () => document.visibilityState === 'visible',
    targets: [document, window],
    now: () => Date.now(),
  };
}

/**
 * Asks `check` whether the session still stands when the tab comes back into view or focus, and
 * every minute while it is on screen (never while hidden: a background tab costs nothing). A
 * session ended elsewhere (sign out everywhere, a password change on another device) then shows
 * at once instead of at the tab's next call (issue 29). Returns the function that stops it.
 */
export function watchSession(check: () => Promise<unknown>, page: WatchedPage = browserPage()): () => void {
  let last = Number.NEGATIVE_INFINITY;
  let running = false;
  const run = () => {
    if (running || !page.visible() || page.now() - last < SESSION_CHECK_GAP_MS) return;
    running = true;
    last = page.now();
    // A network failure says nothing about the session: the next turn asks again.
    check()
      .catch(() => {})
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, SESSION_CHECK_EVERY_MS);
  for (const target of page.targets) {
    target.addEventListener('visibilitychange', run);
    target.addEventListener('focus', run);
  }
  return () => {
    clearInterval(timer);
    for (const target of page.targets) {
      target.removeEventListener('visibilitychange', run);
      target.removeEventListener('focus', run);
    }
  };
}

/**
 * The API's session check: a 401 there is handled by the API client like any other (a refresh
 * when the session stands, else the sign-in page saying "You were signed out").
 */
const checkSession = () => dataOf(api.GET('/api/v1/account/session'));

/** Mounted by the signed-in areas' layouts (customer and admin). */
export function useSessionWatch(): void {
  useEffect(() => watchSession(checkSession), []);
}
