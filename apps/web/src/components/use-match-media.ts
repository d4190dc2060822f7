import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, read synchronously on the first render (no flash of the wrong
 * layout) and kept up to date. `serverValue` is what the build's prerendered HTML was rendered with
 * (a wide screen): while React hydrates that HTML it renders with it too, so the markup matches,
 * then switches at once to the real value.
 */
export function useMatchMedia(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
