import { type ReactNode, useEffect, useRef } from 'react';
import { useAuth } from 'react-oidc-context';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { isAdminToken } from './claims.ts';

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

  useEffect(() => {
    if (auth.isLoading || signedIn || auth.activeNavigator || started.current) return;
    started.current = true;
    // The page asked for (an email's link, a bookmark) is where the sign-in comes back to.
    void auth.signinRedirect({
      state: { returnTo: `${location.pathname}${location.search}${location.hash}` },
    });
  }, [auth, signedIn, location]);

  if (auth.isLoading || !signedIn) return <FullScreenLoader />;
  if (adminOnly && !isAdminToken(auth.user?.access_token)) return <Navigate to="/dashboard" replace />;
  return children;
}
