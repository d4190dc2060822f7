import type { UserManager } from 'oidc-client-ts';
import type { AuthConfig } from './auth-config.ts';
import { clearDocumentToken, writeDocumentToken } from './document-token.ts';
import { renewIfDue } from './refresh-lock.ts';
import { FRESH_FOR_SECONDS } from './stored-user.ts';

let userManager: UserManager | undefined;
let ready: Promise<UserManager> | undefined;
let authConfig: AuthConfig | undefined;
let wanted: () => void = () => {};
const wantedNow = new Promise<void>((resolve) => {
  wanted = resolve;
});

/**
 * Creates this page's UserManager once `after` has settled (at once without it; main.tsx makes
 * `after` settle too when someone needs the client sooner: `userManagerWanted`). The OIDC client loads here, on its own: it stays out of the entry,
 * a public page does not wait for it (ADR 70), and a signed-in screen shown from the stored
 * session loads it once that screen is on view (main.tsx; ADR 83).
 */
export function startUserManager(
  config: Promise<AuthConfig>,
  after?: Promise<unknown>,
): Promise<UserManager> {
  ready ??= Promise.all([config, after]).then(([c]) => createUserManager(c));
  return ready;
}

/** A promise for what `startUserManager` creates, which starts it now if it was waiting. */
export function whenUserManager(): Promise<UserManager> {
  wanted();
  if (!ready) return Promise.reject(new Error('UserManager used before startUserManager()'));
  return ready;
}

/** The page's UserManager if it exists yet (the API client reads the stored session without it). */
export function currentUserManager(): UserManager | undefined {
  return userManager;
}

/** A promise that settles when a sign-in action needs the OIDC client (see `startUserManager`). */
export function userManagerWanted(): Promise<void> {
  return wantedNow;
}

/** The identity provider's settings (config.json) once loaded: main.tsx before the first render. */
export function setAuthConfig(config: AuthConfig): void {
  authConfig = config;
}

export function getAuthConfig(): AuthConfig {
  if (!authConfig) throw new Error('Auth config used before it was loaded');
  return authConfig;
}

async function createUserManager(config: AuthConfig): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  /** localStorage, and the stored user's access token copied to the pages' cookie (document-token.ts). */
  class UserStore extends WebStorageStateStore {
    override async set(key: string, value: string): Promise<void> {
      await super.set(key, value);
      if (key.startsWith('user:')) writeDocumentToken(value);
    }
    override async remove(key: string): Promise<string | null> {
      const removed = await super.remove(key);
      if (key.startsWith('user:')) clearDocumentToken();
      return removed;
    }
  }
  const origin = window.location.origin;
  authConfig = config;
  userManager = new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}/auth/callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: config.scope,
    // NOTE: the spec keeps tokens in localStorage so every tab shares one session.
    userStore: new UserStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    // The built-in IdP issues JWT access tokens only for a resource indicator (our API audience).
    extraQueryParams: { resource: config.audience },
    extraTokenParams: { resource: config.audience },
  });
  await renewEnded(userManager);
  return userManager;
}

/**
 * An access token lasts ten minutes: a customer back after longer finds the stored session's token
 * ended. Its refresh token renews it here, before the sign-in state is read from it, so the page
 * opens signed in; read as it was, the session counts as signed out and the page went through the
 * sign-in page and back ("Signing you in…", ADR 87). A refresh refused (signed out elsewhere, the
 * session ended) leaves it ended, and the page asks to sign in as before. Under the tabs' refresh
 * lock: two tabs opened together must not both spend the same refresh token.
 */
async function renewEnded(manager: UserManager): Promise<void> {
  if (window.location.pathname === '/auth/callback') return;
  await renewIfDue(
    manager,
    (user) => !!user?.refresh_token && (user.expires_in ?? 0) <= FRESH_FOR_SECONDS,
  ).catch((err: unknown) => {
    console.warn('the stored session could not be renewed', err);
  });
}
