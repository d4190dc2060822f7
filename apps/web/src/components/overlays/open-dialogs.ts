import { useSyncExternalStore } from 'react';

/**
 * The modal dialogs open now, the last one on top (dialog.tsx). A modal `<dialog>` makes the rest of
 * the page inert and sits above it, so what must stay usable while one is open (the toasts,
 * providers.tsx) is drawn inside the topmost.
 */
const open: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

export function dialogOpened(dialog: HTMLDialogElement) {
  open.push(dialog);
  changed();
}

export function dialogClosed(dialog: HTMLDialogElement) {
  const at = open.lastIndexOf(dialog);
  if (at === -1) return;
  open.splice(at, 1);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The topmost open modal dialog, or null. */
export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    subscribe,
    () => open.at(-1) ?? null,
    () => null,
  );
}
