import { useCallback } from 'react';
import { useAuth } from 'react-oidc-context';
import { getAuthConfig } from './user-manager.ts';

/** Log In, Sign Up (with the signup hint) and Log Out, all through the hosted pages of the IdP. */
export function useAuthActions() {
  const auth = useAuth();

  const logIn = useCallback(() => auth.signinRedirect(), [auth]);

  const signUp = useCallback(
    () =>
      auth.signinRedirect({
        extraQueryParams: { resource: getAuthConfig().audience, screen_hint: 'signup' },
      }),
    [auth],
  );

  // RP-initiated logout: the IdP ends its session too, then sends the browser back to '/'.
  const logOut = useCallback(() => auth.signoutRedirect({ id_token_hint: auth.user?.id_token }), [auth]);

  return { logIn, signUp, logOut };
}
