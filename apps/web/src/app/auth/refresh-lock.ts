/**
 * Runs a token refresh with no other tab's at the same time. Refresh tokens rotate, so two tabs
 * refreshing together would make one of them present a spent token (and lose the session);
 * `navigator.locks` serialises them. Whoever runs after waiting re-reads the stored user first:
 * another tab may already have refreshed it.
 */
export function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('pria-token-refresh', run) : run();
}
