import { afterLogoutPath } from '@pria/contracts';
import { useCallback } from 'react';
import { useAuth } from './auth-state.tsx';
import { afterLogoutPrompt, beforeLogout, goHome } from './log-out.ts';
import { getAuthConfig, whenUserManager } from './user-manager.ts';

/** Log In, Sign Up (with the signup hint) and Log Out, all through the hosted pages of the IdP. */
export function useAuthActions() {
  const auth = useAuth();

  // After a Logout on this browser the password is asked again, whatever the provider remembers.
  const logIn = useCallback(() => auth.signinRedirect(afterLogoutPrompt()), [auth]);

  const signUp = useCallback(
    () =>
      auth.signinRedirect({
        extraQueryParams: { resource: getAuthConfig().audience, screen_hint: 'signup' },
      }),
    [auth],
  );

  // Logout logs out (log-out.ts): at once, remembered here, the refresh token revoked and the
  // tokens forgotten; then (after `leaveAfterMs`: the name menu's 3 seconds) RP-initiated logout
  // with the ID token, which the provider signs out without asking, and back to the landing, which
  // says "You are signed out." (afterLogoutPath, registered with the provider).
  const logOut = useCallback(
    async (leaveAfterMs = 0) => {
      const idToken = auth.user?.id_token;
      await beforeLogout(await whenUserManager());
      if (leaveAfterMs > 0) await new Promise((resolve) => window.setTimeout(resolve, leaveAfterMs));
      await auth
        .signoutRedirect({
          id_token_hint: idToken,
          post_logout_redirect_uri: `${window.location.origin}${afterLogoutPath}`,
        })
        .catch(goHome);
    },
    [auth],
  );

  return { logIn, signUp, logOut };
}
