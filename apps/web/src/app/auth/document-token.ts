/**
 * The signed-in person's access token as a cookie for this site's own pages under /dashboard: the
 * server renders the dashboard's first screen into its HTML with it (its document route asks the
 * API in-process with this token, so every rule of the API applies; issue 43, ADR 80). Only pages
 * send it (Path=/dashboard, SameSite=Strict); the API reads tokens from the Authorization header
 * only. It lives as long as the token and goes when the stored sign-in does (Logout, a session
 * ended, a refused callback), so it never outlives what localStorage holds.
 */
import { documentTokenCookie as DOCUMENT_TOKEN_COOKIE } from '@pria/contracts';

function secure(): string {
  return window.location.protocol === 'https:' ? '; Secure' : '';
}

/** The stored user (oidc-client-ts's storage string) was written: its access token, until it expires. */
export function writeDocumentToken(storedUser: string): void {
  try {
    const user = JSON.parse(storedUser) as { access_token?: unknown; expires_at?: unknown };
    const token = typeof user.access_token === 'string' ? user.access_token : '';
    const seconds = Math.floor(Number(user.expires_at) - Date.now() / 1000);
    // A JWT is base64url and dots: nothing a cookie's value needs to escape.
    if (!token || !(seconds > 0) || !/^[\w.-]+$/.test(token)) {
      clearDocumentToken();
      return;
    }
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in Safari or Firefox; the value is checked above
    document.cookie = `${DOCUMENT_TOKEN_COOKIE}=${token}; Path=/dashboard; Max-Age=${seconds}; SameSite=Strict${secure()}`;
  } catch {
    clearDocumentToken();
  }
}

/** The stored user was removed (or could not be read): the pages' copy goes too. */
export function clearDocumentToken(): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in Safari or Firefox
    document.cookie = `${DOCUMENT_TOKEN_COOKIE}=; Path=/dashboard; Max-Age=0; SameSite=Strict${secure()}`;
  } catch {
    // No cookies (a sandboxed frame): nothing was written either.
  }
}
