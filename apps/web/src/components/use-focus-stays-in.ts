import { type RefObject, useEffect } from 'react';

/**
 * Keeps the keyboard in a section when what had it there is removed: a card removed from its own
 * tile takes with it the X or the pencil the confirmation gave the focus back to, and the focus fell
 * to the page's body (the next Tab started over from the top, and a screen reader heard nothing of
 * where it was). `fallback` (the section's heading, `tabIndex={-1}`) then takes it.
 *
 * What had the focus is what last received it inside the section; focus moving to another element
 * outside (a dialog opening, a Tab out) forgets it, a click on nothing (no element receives the
 * focus) does not, so only an element removed while it still had the keyboard moves it.
 */
export function useFocusStaysIn(
  section: RefObject<HTMLElement | null>,
  fallback: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const root = section.current;
    if (!root) return;
    let had: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      had = event.target as Element;
    };
    const onFocusOut = (event: FocusEvent) => {
      const to = event.relatedTarget as Node | null;
      if (to && !root.contains(to)) had = null;
    };
    const observer = new MutationObserver(() => {
      if (!had || had.isConnected) return;
      had = null;
      const active = document.activeElement;
      if (active === null || active === document.body) fallback.current?.focus({ preventScroll: true });
    });
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
    };
  }, [section, fallback]);
}
