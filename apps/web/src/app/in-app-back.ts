/**
 * Whether Back stays in this app. React Router numbers the history entries it pushes
 * (`history.state.idx`); 0 is where this visit began: a new tab, a bookmark, an email's link, the
 * return from signing in. Back from there leaves the app — to `about:blank` in a new tab, or to
 * the sign-in page (issue 40) — so a screen goes to a known route instead.
 */
export function canGoBackInApp(state: unknown = window.history.state): boolean {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}
