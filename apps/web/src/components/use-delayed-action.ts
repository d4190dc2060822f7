import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs an action after a delay (the spec's "advance after 1.5 s" moments), cancelled if the
 * component goes away first so a late timer never navigates from a page the user has left.
 */
export function useDelayedAction() {
  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
    },
    [],
  );
  return useCallback((action: () => void, delayMs: number) => {
    timers.current.push(window.setTimeout(action, delayMs));
  }, []);
}
