import type { User } from 'oidc-client-ts';
import type { AuthConfig } from './auth-config.ts';

/** A token this close to its end is not worth starting a screen with: the OIDC client renews it first. */
export const FRESH_FOR_SECONDS = 60;

/**
 * The signed-in user oidc-client-ts stored in localStorage (its WebStorageStateStore: key
 * `oidc.user:<authority>:<client id>`, the JSON of `User.toStorageString()`), read without loading
 * it: a signed-in screen is shown from it while the OIDC client loads after (ADR 83). Null when
 * there is none, it cannot be read, or its access token ends within `freshFor` seconds (main.tsx
 * asks for `FRESH_FOR_SECONDS`; the API client, for a token not yet ended, and with -Infinity for
 * any stored session, its token ended or not).
 *
 * The fields the app reads of a user are all there (access_token, id_token, refresh_token, profile,
 * expires_at, expired, state); once the OIDC client has read the same storage, its own User
 * replaces this one (auth-state.tsx).
 */
export function readStoredUser(config: AuthConfig, freshFor = 0, now = Date.now()): User | null {
  let stored: Record<string, unknown>;
  try {
    const text = window.localStorage.getItem(`oidc.user:${config.authority}:${config.clientId}`);
    if (!text) return null;
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    stored = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const expiresAt = stored.expires_at;
  if (typeof stored.access_token !== 'string' || stored.access_token === '') return null;
  if (typeof expiresAt !== 'number' || expiresAt - now / 1000 <= freshFor) return null;
  const user = {
    ...stored,
    profile: typeof stored.profile === 'object' && stored.profile !== null ? stored.profile : {},
    get expires_in() {
      return expiresAt - Date.now() / 1000;
    },
    get expired() {
      return expiresAt <= Date.now() / 1000;
    },
  };
  // Not oidc-client-ts's class (that is the download this spares): the same data and the getters
  // the app reads; its methods (toStorageString) are never called on it.
  return user as unknown as User;
}
