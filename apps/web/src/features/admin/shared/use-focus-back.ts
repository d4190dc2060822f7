import { useCallback, useEffect, useRef } from 'react';

const nothingFocused = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Gives the keyboard back to a staff dialog's trigger (the element holding the returned ref) as the
 * dialog closes. The staff area's dialogs are Mantine's Modal (ADR 90 moved only the customer
 * area's to the platform), and a row's Modal is rendered only while it is open: closed, a Modal
 * still mounts its portal, one per row of a table. Mantine gives the focus back only from a Modal
 * that stays mounted as it closes (it notes what had the focus as `opened` turns true), so these
 * left it on the page's body.
 *
 * And when the trigger is replaced while it has the keyboard (a refund in full puts the note
 * saying why no other refund is possible in the Refund button's place), what replaces it takes it.
 */
export function useFocusBack(open: boolean): (element: HTMLElement | null) => void {
  const trigger = useRef<HTMLElement | null>(null);
  const replaced = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (closed && nothingFocused()) trigger.current?.focus({ preventScroll: true });
  }, [open]);

  return useCallback((element: HTMLElement | null) => {
    if (element) {
      replaced.current = trigger.current;
      trigger.current = element;
      return;
    }
    // A trigger leaves the page (React lets it go before taking its replacement, Preact after): if it
    // has the keyboard, the replacement takes it once the page has changed.
    const active = document.activeElement;
    if (active && (active === trigger.current || active === replaced.current)) {
      queueMicrotask(() => {
        if (nothingFocused() && trigger.current?.isConnected) trigger.current.focus({ preventScroll: true });
      });
    }
  }, []);
}
