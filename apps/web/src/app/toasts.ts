export type Toasts = typeof import('@mantine/notifications');
let toasts: Promise<Toasts> | undefined;

/**
 * Mantine's toasts, their container and their store, in one chunk of their own (ADR 83): imported by
 * name for its store (notify.ts), the package's container came with every screen's first load (~4 KB
 * gzip) though it is mounted after the first render (providers.tsx). A toast asked for before the
 * chunk is here shows when it arrives; toasts show and hide in the order they were asked for.
 */
export function loadToasts(): Promise<Toasts> {
  toasts ??= import('@mantine/notifications');
  return toasts;
}
