export type Toasts = typeof import('../components/toasts/toasts.tsx');
let toasts: Promise<Toasts> | undefined;

/**
 * The toasts, their container and their store, in one chunk of their own (ADR 83, ADR 90): nothing
 * on a first paint is a toast, so they load after the first render (providers.tsx). A toast asked
 * for before the chunk is here shows when it arrives; toasts show and hide in the order they were
 * asked for.
 */
export function loadToasts(): Promise<Toasts> {
  toasts ??= import('../components/toasts/toasts.tsx');
  return toasts;
}
