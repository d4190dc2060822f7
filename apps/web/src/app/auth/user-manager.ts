import type { UserManager } from 'oidc-client-ts';
import type { AuthConfig } from './auth-config.ts';
import { clearDocumentToken, writeDocumentToken } from './document-token.ts';

let userManager: UserManager | undefined;
let authConfig: AuthConfig | undefined;

/**
 * Creates this page's UserManager. The OIDC client loads here, on its own: it stays out of the
 * entry, and a public page does not wait for it (ADR 70). The accessors below are synchronous:
 * they are used once it exists.
 */
export async function createUserManager(config: AuthConfig): Promise<UserManager> {
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
  return userManager;
}

/** The one UserManager of this page; the API client uses it outside React. */
export function getUserManager(): UserManager {
  if (!userManager) throw new Error('UserManager used before createUserManager()');
  return userManager;
}

export function getAuthConfig(): AuthConfig {
  if (!authConfig) throw new Error('Auth config used before createUserManager()');
  return authConfig;
}
