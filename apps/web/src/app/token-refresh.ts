import { whenUserManager } from './auth/user-manager.ts';

let inTabRefresh: Promise<void> | undefined;

async function refreshNow(): Promise<void> {
  await (await whenUserManager()).signinSilent();
}

/**
 * One silent refresh at a time. Refresh tokens rotate, so two tabs refreshing together would
 * make one of them present a spent token; `navigator.locks` serialises across tabs.
 * After waiting for the lock we re-read the stored user: another tab may already have refreshed.
 */
export function refreshTokenOnce(staleAccessToken: string | undefined): Promise<void> {
  if (inTabRefresh) return inTabRefresh;
  const run = async () => {
    const current = await (await whenUserManager()).getUser();
    if (current && !current.expired && current.access_token !== staleAccessToken) return;
    await refreshNow();
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  inTabRefresh = (locks ? locks.request('pria-token-refresh', run) : run()).finally(() => {
    inTabRefresh = undefined;
  });
  return inTabRefresh;
}
