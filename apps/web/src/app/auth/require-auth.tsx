import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { useAuth } from './auth-state.tsx';
import { isAdminToken } from './claims.ts';
import { afterLogoutPrompt, leavingThisPage } from './log-out.ts';
import { signInParams } from './sign-in-params.ts';
import { whenUserManager } from './user-manager.ts';

interface RequireAuthProps {
  children: ReactNode;
  /** Admin-only areas send everyone else to the customer dashboard. */
  adminOnly?: boolean;
}

export function RequireAuth({ children, adminOnly = false }: RequireAuthProps) {
  const auth = useAuth();
  const location = useLocation();
  const started = useRef(false);
  const signedIn = auth.isAuthenticated && !auth.user?.expired;

  // Back after Logout may bring this page back from the browser's back-forward cache, as it was
  // (issue 40): with no session stored any more, it is loaded again, and then asks to sign in.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      void whenUserManager()
        .then((manager) => manager.getUser())
        .then((user) => {
          if (!user || user.expired) window.location.reload();
        });
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  useEffect(() => {
    // A Logout (or a session ended here) forgets the stored user before the browser leaves: the
    // OIDC client, loading meanwhile, then finds nobody signed in; leaving is not a sign-in to start.
    if (auth.isLoading || signedIn || auth.activeNavigator || started.current || leavingThisPage()) return;
    started.current = true;
    // The page asked for (an email's link, a bookmark) is where the sign-in comes back to.
    void auth.signinRedirect({
      state: { returnTo: `${location.pathname}${location.search}${location.hash}` },
      // The admin portal's sign-in is the provider's staff page (portal=staff).
      extraQueryParams: signInParams(location.pathname),
      // Logged out on this browser (Back, a new tab, a bookmark): the password is asked again.
      ...afterLogoutPrompt(),
    });
  }, [auth, signedIn, location]);

  if (auth.isLoading || !signedIn) return <FullScreenLoader />;
  if (adminOnly && !isAdminToken(auth.user?.access_token)) return <Navigate to="/dashboard" replace />;
  return children;
}
