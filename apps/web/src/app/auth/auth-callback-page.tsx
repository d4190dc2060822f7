import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Navigate } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { useAuth } from './auth-state.tsx';
import { homePathFor } from './claims.ts';
import { returnPath } from './return-path.ts';

/**
 * Shown only when a sign-in failed: its own chunk, with the spec's words (`@pria/contracts/messages`,
 * the whole table), ~2.5 KB gzip the entry, and so every page, no longer carries.
 */
const LoginErrorPage = lazy(() =>
  import('./login-error-page.tsx').then((m) => ({ default: m.LoginErrorPage })),
);

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

  const error = urlError ?? auth.error?.message;
  if (error) {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <LoginErrorPage message={error} />
      </Suspense>
    );
  }
  if (auth.isLoading || !auth.isAuthenticated) {
    if (!auth.isLoading && !auth.isAuthenticated) return <Navigate to="/" replace />;
    return <FullScreenLoader label={<Trans>Signing you in…</Trans>} />;
  }
  const home = homePathFor(auth.user?.access_token);
  return <Navigate to={returnPath(auth.user?.state, home, window.location.origin) ?? home} replace />;
}
