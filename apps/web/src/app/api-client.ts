import type { Envelope } from '@pria/contracts/envelope';
import { messages } from '@pria/contracts/messages';
import { REAUTHENTICATE } from '@pria/contracts/reauthenticate';
import createClient from 'openapi-fetch';
import { ApiError } from './api-error.ts';
import { signInAgain } from './auth/session-ended.ts';
import { readStoredUser } from './auth/stored-user.ts';
import { currentUserManager, getAuthConfig, whenUserManager } from './auth/user-manager.ts';
import { dropEarlyAnswers, takeEarlyAnswer } from './early-answers.ts';
import type { paths } from './pria-api.d.ts';
import { refreshTokenOnce } from './token-refresh.ts';

export { dataOf, withMessage } from './api-answer.ts';
export { ApiError } from './api-error.ts';

/**
 * The stored session's access token: the OIDC client's reading, or before it has loaded the
 * storage's (ADR 83). A token that has ended is renewed first (its refresh token, one refresh
 * across tabs): a tab left open while its own renewal could not run (a laptop asleep, offline)
 * sent no token, every call was refused and "Try again" could not mend it (a walk, ADR 87).
 */
async function currentAccessToken(): Promise<string | undefined> {
  const token = await storedAccessToken();
  if (token) signedInOnThisPage = true;
  return token;
}

/**
 * This page has sent a session's token. A tab's session can be forgotten by another tab of the
 * same browser (localStorage is shared): one that noticed first that the server ended it, or a
 * Logout. This tab then finds no token and no stored session, and its calls are refused (401);
 * it is sent to sign in like the tab that noticed, instead of staying on a screen whose every call
 * fails (a CI run of the two-factor journey, where the enrolment's tab noticed first).
 */
let signedInOnThisPage = false;

async function storedAccessToken(): Promise<string | undefined> {
  try {
    let manager = currentUserManager();
    if (!manager) {
      const stored = readStoredUser(getAuthConfig());
      if (stored) return stored.access_token;
      // Nobody signed in: nothing to renew. A session whose token has ended: the client renews it
      // as it is created (user-manager.ts), so wait for that.
      if (!hasStoredSession()) return undefined;
      manager = await whenUserManager();
    }
    let user = await manager.getUser();
    if (user?.expired && user.refresh_token) {
      await refreshTokenOnce(user.access_token);
      user = await manager.getUser();
    }
    return user && !user.expired ? user.access_token : undefined;
  } catch {
    return undefined;
  }
}

/** A session is stored here (its access token ended or not). */
function hasStoredSession(): boolean {
  try {
    return readStoredUser(getAuthConfig(), Number.NEGATIVE_INFINITY) !== null;
  } catch {
    return false;
  }
}

/** The request again (its body unread), with the caller's token. */
function send(request: Request, token: string | undefined): Promise<Response> {
  const attempt = request.clone();
  if (token) attempt.headers.set('Authorization', `Bearer ${token}`);
  return fetch(attempt);
}

async function readEnvelope(response: Response): Promise<Partial<Envelope<unknown>>> {
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text) as Partial<Envelope<unknown>>;
  } catch {
    return {};
  }
}

/** A refusal as ApiError, with the server's httpCode, message, error[] and code. */
async function refusal(response: Response): Promise<ApiError> {
  const envelope = await readEnvelope(response);
  return new ApiError({
    httpCode: envelope.httpCode ?? response.status,
    message: envelope.message ?? messages.defaultError,
    error: Array.isArray(envelope.error) ? envelope.error : [],
    code: envelope.code,
  });
}

/** A 401 that asks for a recent sign-in (password and MFA changes) is the caller's to handle. */
async function asksForRecentSignIn(response: Response): Promise<boolean> {
  const envelope = await readEnvelope(response.clone());
  return envelope.code === REAUTHENTICATE;
}

/**
 * A token refused (401) although it has not expired: the server ended it (issue 30). A silent
 * refresh gets a new one when the session still stands (a role change, a token just expired);
 * when it does not (password or MFA change, disable, sign out everywhere), sign in again.
 */
async function afterRevocation(request: Request, token: string, refused: Response): Promise<Response> {
  try {
    await refreshTokenOnce(token);
  } catch {
    await signInAgain();
    return refused;
  }
  const fresh = await currentAccessToken();
  if (!fresh || fresh === token) {
    await signInAgain();
    return refused;
  }
  const again = await send(request, fresh);
  if (again.status === 401 && !(await asksForRecentSignIn(again))) await signInAgain();
  return again;
}

/**
 * The typed client's fetch: the bearer token on every call. On 403 (a token lacking a fresh
 * permission) it refreshes the session once, serialised across tabs, and retries once; on 401
 * (a token the server ended) too, and signs in again when the session itself has ended. Every
 * refusal is thrown as ApiError (a network failure as httpCode 0); an abort stays an AbortError.
 */
async function authorisedFetch(request: Request): Promise<Response> {
  const token = await currentAccessToken();
  let response: Response;
  try {
    // A change makes whatever was asked before it stale.
    if (request.method !== 'GET') dropEarlyAnswers();
    const early = takeEarlyAnswer(request, token);
    response = await (early ? early.catch(() => send(request, token)) : send(request, token));
    if (response.status === 403 && token) {
      await refreshTokenOnce(token);
      response = await send(request, await currentAccessToken());
    }
    if (response.status === 401 && token && !(await asksForRecentSignIn(response))) {
      response = await afterRevocation(request, token, response);
    } else if (response.status === 401 && !token && (hasStoredSession() || signedInOnThisPage)) {
      // The session's token ended and its refresh was refused, or another tab forgot the session:
      // it is over, sign in again.
      await signInAgain();
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ httpCode: 0, message: messages.defaultError });
  }
  if (!response.ok) throw await refusal(response);
  return response;
}

/**
 * The Pria API, typed by its published document (ADR 66): the path and method name the request's
 * parameters and body and the answer's type. Read an answer with dataOf() or withMessage():
 *   const plans = await dataOf(api.GET('/api/v1/plans', { signal }));
 */
export const api = createClient<paths>({
  headers: { Accept: 'application/json' },
  fetch: authorisedFetch,
});

/** The file name the server gave (Content-Disposition), else the fallback. */
function attachmentName(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * Downloads a file the API renders (a receipt, a statement, an export) with the caller's token,
 * and hands it to the browser as a download. Errors arrive as ApiError, like any request.
 */
export async function apiDownload(
  path: string,
  fallbackName: string,
  query?: Record<string, string | number | boolean | undefined>,
): Promise<string> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const token = await currentAccessToken();
  let response: Response;
  try {
    response = await fetch(url.pathname + url.search, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError({ httpCode: 0, message: messages.defaultError });
  }
  if (!response.ok) throw await refusal(response);
  const name = attachmentName(response, fallbackName);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  return name;
}
