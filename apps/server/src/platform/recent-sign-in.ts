import type { Principal } from './auth.ts';
import { AppError } from './errors.ts';

/** Sensitive changes need a sign-in this recent (the token's auth_time), in seconds. */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;

/**
 * A 401 whose `code` is REAUTHENTICATE: the web app sends the user through the sign-in again
 * (prompt=login) and retries. A stolen refresh token keeps its original auth_time, so it cannot
 * change the password or MFA.
 */
export class ReauthenticationRequired extends AppError {
  constructor(message: string) {
    super('REAUTHENTICATE', message);
  }
}

export function requireRecentSignIn(principal: Principal, message: string, nowMs = Date.now()): void {
  const authTime = principal.authTime;
  if (authTime === null || nowMs / 1000 - authTime > RECENT_SIGN_IN_SECONDS)
    throw new ReauthenticationRequired(message);
}
