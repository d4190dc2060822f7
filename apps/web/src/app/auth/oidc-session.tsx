import type { UserManager } from 'oidc-client-ts';
import { use, useEffect } from 'react';
import { type AuthContextProps, AuthProvider, useAuth } from 'react-oidc-context';
import { clearLoggedOut } from './log-out.ts';

/**
 * After the code exchange, drop ?code&state from the address bar (the callback page then routes);
 * someone signed in, so a later sign-in need not ask for the password again (log-out.ts).
 */
function afterSignIn() {
  clearLoggedOut();
  window.history.replaceState(window.history.state, document.title, window.location.pathname);
}

function ReportState({ onChange }: { onChange: (auth: AuthContextProps) => void }) {
  const auth = useAuth();
  useEffect(() => onChange(auth), [auth, onChange]);
  return null;
}

/**
 * react-oidc-context's provider over the page's UserManager (lazy, from auth-state.tsx): it reads
 * the stored session, exchanges the code on /auth/callback, renews tokens, and reports every
 * state it goes through to `onChange`. It renders nothing itself.
 */
export default function OidcSession({
  userManager,
  onChange,
}: {
  userManager: Promise<UserManager | null>;
  onChange: (auth: AuthContextProps) => void;
}) {
  const manager = use(userManager);
  if (!manager) return null;
  return (
    <AuthProvider
      userManager={manager}
      onSigninCallback={afterSignIn}
      skipSigninCallback={window.location.pathname !== '/auth/callback'}
    >
      <ReportState onChange={onChange} />
    </AuthProvider>
  );
}
