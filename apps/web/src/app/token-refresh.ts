import { withRefreshLock } from './auth/refresh-lock.ts';
import { whenUserManager } from './auth/user-manager.ts';

let inTabRefresh: Promise<void> | undefined;

/**
 * One silent refresh at a time, in this tab and across tabs (`withRefreshLock`). After waiting
 * for the lock the stored user is read again: another tab may already have refreshed it.
 */
export function refreshTokenOnce(staleAccessToken: string | undefined): Promise<void> {
  if (inTabRefresh) return inTabRefresh;
  inTabRefresh = withRefreshLock(async () => {
    const manager = await whenUserManager();
    const current = await manager.getUser();
    if (current && !current.expired && current.access_token !== staleAccessToken) return;
    await manager.signinSilent();
  }).finally(() => {
    inTabRefresh = undefined;
  });
  return inTabRefresh;
}
