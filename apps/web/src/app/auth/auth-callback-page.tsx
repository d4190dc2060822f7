import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { useAuth } from './auth-state.tsx';
import { homePathFor } from './claims.ts';
import { LoginErrorPage } from './login-error-page.tsx';
import { returnPath } from './return-path.ts';

/** Read once on first render: the provider strips the query after it has processed the code. */
function readCallbackError(): string | undefined {
  const params = new URLSearchParams(window.location.search);
  const error = params.get('error');
  if (!error) return undefined;
  return params.get('error_description') ?? error;
}

/** /auth/callback: AuthProvider exchanges the code; this page routes by role or shows the error. */
export function AuthCallbackPage() {
  const auth = useAuth();
  const [urlError] = useState(readCallbackError);

  if (urlError) return <LoginErrorPage message={urlError} />;
  if (auth.error) return <LoginErrorPage message={auth.error.message} />;
  if (auth.isLoading || !auth.isAuthenticated) {
    if (!auth.isLoading && !auth.isAuthenticated) return <Navigate to="/" replace />;
    return <FullScreenLoader label={<Trans>Signing you in…</Trans>} />;
  }
  const home = homePathFor(auth.user?.access_token);
  return <Navigate to={returnPath(auth.user?.state, home, window.location.origin) ?? home} replace />;
}
