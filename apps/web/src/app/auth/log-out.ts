import { afterLogoutPath } from '@pria/contracts';
import type { UserManager } from 'oidc-client-ts';

/**
 * Logout that logs out (issue 40). The name menu's Logout led to the provider's "Sign out of
 * Pria?" page; going Back, or a new tab, found /dashboard still signed in, because the session at
 * the provider signed the app straight back in. Now, before the browser leaves:
 *
 * 1. this browser remembers that its person logged out (`pria.loggedOut`, localStorage, so every
 *    tab sees it): the next sign-in asks for the password (`prompt=login`) even if the provider's
 *    session were still there, until someone signs in again;
 * 2. the refresh token is revoked at the provider (best effort, bounded: a slow network never
 *    keeps the person in), and the stored tokens are forgotten: from here on no tab has them,
 *    even if this one is closed during the name menu's 3 seconds (the spec's wait);
 * 3. RP-initiated logout with the ID token (`id_token_hint`) forgets the tokens stored here and
 *    ends the provider's session, which signs Pria's own request out without asking again.
 */
const LOGGED_OUT_KEY = 'pria.loggedOut';
let leaving = false;

/** This page forgets its session and is about to leave (a Logout, a session ended by the server here). */
export function markLeaving(): void {
  leaving = true;
}

/** Whether this page is on its way out (RequireAuth then starts no sign-in of its own). */
export function leavingThisPage(): boolean {
  return leaving;
}
const REVOKE_WAIT_MS = 2_000;

export function loggedOutHere(): boolean {
  try {
    return window.localStorage.getItem(LOGGED_OUT_KEY) === '1';
  } catch {
    return false;
  }
}

/** Signed in again (the callback stored a user): the next sign-in may be a silent one again. */
export function clearLoggedOut(): void {
  try {
    window.localStorage.removeItem(LOGGED_OUT_KEY);
  } catch {
    // Storage unavailable: nothing was remembered either.
  }
}

/** The sign-in's extra parameters after a logout on this browser: ask for the password. */
export function afterLogoutPrompt(): { prompt?: 'login' } {
  return loggedOutHere() ? { prompt: 'login' } : {};
}

/**
 * Steps 1 and 2, before the redirect (`useAuthActions().logOut` then runs step 3 through
 * react-oidc-context). The page is marked as leaving first: the guarded pages start no sign-in of
 * their own while the browser leaves, also when the OIDC client, loaded for this Logout on a screen
 * shown from the stored session (ADR 83), finds the stored user already forgotten.
 */
export async function beforeLogout(userManager: UserManager): Promise<void> {
  markLeaving();
  try {
    window.localStorage.setItem(LOGGED_OUT_KEY, '1');
  } catch {
    // Private mode without storage: the provider's session still ends below.
  }
  userManager.stopSilentRenew();
  const user = await userManager.getUser().catch(() => null);
  if (user?.refresh_token) {
    await Promise.race([
      userManager.revokeTokens(['refresh_token']).catch(() => {}),
      new Promise((resolve) => window.setTimeout(resolve, REVOKE_WAIT_MS)),
    ]);
  }
  // NOTE: storeUser(null), not removeUser(): removeUser fires `userUnloaded`, and the guarded
  // pages would start a sign-in of their own before step 3 (which is given the ID token).
  await userManager.storeUser(null).catch(() => {});
}

/** The provider could not be reached for step 3: the tokens are gone already; the person lands home, told so. */
export function goHome(): void {
  window.location.replace(`${window.location.origin}${afterLogoutPath}`);
}
