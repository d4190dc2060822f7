import type { User, UserManager } from 'oidc-client-ts';

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

/**
 * The one way a session is renewed (at start-up, `renewEnded`; before a call, `refreshTokenOnce`):
 * under the tabs' lock, the stored user read again once the lock is held, and a silent refresh only
 * if that user still needs one (`due`).
 */
export function renewIfDue(manager: UserManager, due: (user: User | null) => boolean): Promise<void> {
  return withRefreshLock(async () => {
    const user = await manager.getUser().catch(() => null);
    if (due(user)) await manager.signinSilent();
  });
}
