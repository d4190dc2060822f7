import { useSyncExternalStore } from 'react';

export interface ConfirmOptions {
  title?: string;
  message: string;
  /** What confirming does, point by point, under the message. */
  details?: string[];
  onConfirm: () => void;
  danger?: boolean;
  /** Button words when 'Confirm' / 'Cancel' would be ambiguous (e.g. cancelling a subscription). */
  labels?: { confirm: string; cancel: string };
}

/** A confirmation asked for and not yet answered. */
export interface Confirmation extends ConfirmOptions {
  id: number;
}

// Asked-for confirmations wait here until answered. Their dialog (confirm-dialogs.tsx) loads after
// a screen's first render: one asked for before it is mounted opens once it is, instead of being lost.
let waiting: Confirmation[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function changed(next: Confirmation[]) {
  waiting = next;
  for (const listener of listeners) listener();
}

/** Every destructive or money-affecting action asks first, with the spec's Cancel / Confirm. */
export function confirmAction(options: ConfirmOptions) {
  changed([...waiting, { ...options, id: nextId++ }]);
}

/** The confirmation on view (the first asked for), and how to put it away once answered. */
export function useConfirmation(): [Confirmation | undefined, (id: number) => void] {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting[0],
    () => undefined,
  );
  return [current, (id) => changed(waiting.filter((c) => c.id !== id))];
}
