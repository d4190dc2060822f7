import type { ReactNode } from 'react';
import { AuthContext } from 'react-oidc-context';
import { useAuth } from './auth-state.tsx';

/**
 * Hands the sign-in state to the screens below that read it with react-oidc-context's `useAuth`
 * (the signed-in areas': their chunks bring the OIDC client anyway). The state is auth-state.tsx's,
 * so every reader on the page sees the same one.
 */
export function OidcContext({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={useAuth()}>{children}</AuthContext.Provider>;
}
