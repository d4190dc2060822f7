import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { useAuth } from './auth-state.tsx';
import { homePathFor } from './claims.ts';
import { useAuthActions } from './use-auth-actions.ts';

/** /login and /signup: start the hosted flow at once (signed-in people go home instead). */
export function StartSignIn({ mode }: { mode: 'login' | 'signup' }) {
  const auth = useAuth();
  const { logIn, signUp } = useAuthActions();
  const started = useRef(false);

  useEffect(() => {
    if (auth.isLoading || auth.isAuthenticated || started.current) return;
    started.current = true;
    void (mode === 'signup' ? signUp() : logIn());
  }, [auth.isLoading, auth.isAuthenticated, mode, logIn, signUp]);

  if (auth.isAuthenticated) return <Navigate to={homePathFor(auth.user?.access_token)} replace />;
  return <FullScreenLoader label={<Trans>Redirecting to secure sign-in…</Trans>} />;
}
