/**
 * Taps made on a prerendered page before the app started (public/start-after-paint.js keeps the
 * last one on a `data-early-tap` control). A control that only the app can work marks itself with
 * `data-early-tap={name}` and, once mounted, acts on a tap kept for it.
 */

/** Called once React listens to the page: from then on taps reach the app itself. */
export function stopKeepingEarlyTaps(): void {
  document.dispatchEvent(new Event('pria:listening'));
}

/** True, once, when the visitor tapped the control called `name` before the app started. */
export function takeEarlyTap(name: string): boolean {
  const root = document.documentElement;
  if (root.dataset.earlyTap !== name) return false;
  delete root.dataset.earlyTap;
  return true;
}
