import { REAUTHENTICATE } from '@pria/contracts';
import { useCallback } from 'react';
import { ApiError } from '../../app/api-error.ts';
import { useAuth } from '../../app/auth/auth-state.tsx';

/** A 401 asking for a recent sign-in (password and MFA changes need one within 10 minutes). */
export function isReauthError(error: unknown): boolean {
  return error instanceof ApiError && error.httpCode === 401 && error.code === REAUTHENTICATE;
}

/**
 * Starts a fresh sign-in (prompt=login, so the IdP asks for the password again and resets
 * auth_time) that comes back to `returnTo` (an in-app path) through /auth/callback.
 */
export function useReauthenticate(returnTo: string) {
  const auth = useAuth();
  return useCallback(() => auth.signinRedirect({ prompt: 'login', state: { returnTo } }), [auth, returnTo]);
}
