import { renewIfDue } from './auth/refresh-lock.ts';
import { whenUserManager } from './auth/user-manager.ts';

let inTabRefresh: Promise<void> | undefined;

/**
 * One silent refresh at a time, in this tab and across tabs (`renewIfDue`): none if, once the lock
 * is held, the stored token is no longer the stale one (another tab may already have refreshed it).
 */
export function refreshTokenOnce(staleAccessToken: string | undefined): Promise<void> {
  if (inTabRefresh) return inTabRefresh;
  inTabRefresh = whenUserManager()
    .then((manager) =>
      renewIfDue(
        manager,
        (current) => !current || !!current.expired || current.access_token === staleAccessToken,
      ),
    )
    .finally(() => {
      inTabRefresh = undefined;
    });
  return inTabRefresh;
}
