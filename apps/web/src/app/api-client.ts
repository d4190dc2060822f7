import type { Envelope } from '@pria/contracts/envelope';
import { messages } from '@pria/contracts/messages';
import { REAUTHENTICATE } from '@pria/contracts/reauthenticate';
import { ApiError } from './api-error.ts';
import { signInAgain } from './auth/session-ended.ts';
import { getUserManager } from './auth/user-manager.ts';
import { refreshTokenOnce } from './token-refresh.ts';

export { ApiError } from './api-error.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  /** Extra request headers (e.g. an Idempotency-Key for a refund). */
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

async function currentAccessToken(): Promise<string | undefined> {
  try {
    const user = await getUserManager().getUser();
    return user && !user.expired ? user.access_token : undefined;
  } catch {
    return undefined;
  }
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

async function send(method: Method, path: string, options: RequestOptions, token: string | undefined) {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, options.query), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** A 401 that asks for a recent sign-in (password and MFA changes) is the caller's to handle. */
async function asksForRecentSignIn(response: Response): Promise<boolean> {
  const envelope = await readEnvelope<unknown>(response.clone());
  return envelope.code === REAUTHENTICATE;
}

/**
 * A token refused (401) although it has not expired: the server ended it (issue 30). A silent
 * refresh gets a new one when the session still stands (a role change, a token just expired);
 * when it does not (password or MFA change, disable, sign out everywhere), sign in again.
 */
async function afterRevocation(
  method: Method,
  path: string,
  options: RequestOptions,
  token: string,
  refused: Response,
): Promise<Response> {
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
  const again = await send(method, path, options, fresh);
  if (again.status === 401 && !(await asksForRecentSignIn(again))) await signInAgain();
  return again;
}

async function readEnvelope<T>(response: Response): Promise<Partial<Envelope<T>>> {
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text) as Partial<Envelope<T>>;
  } catch {
    return {};
  }
}

/**
 * Calls the Pria API and returns the envelope's `data`. Throws ApiError with the server's
 * httpCode, message, error[] and code. On 403 (token lacking a fresh permission) it refreshes
 * the session once, serialised across tabs, and retries once; on 401 (a token the server ended)
 * too, and signs in again when the session itself has ended.
 */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestEnvelope<T>(method, path, options)).data;
}

/** Like apiRequest, but also returns the server's success message (e.g. for "show the server's words"). */
export async function apiRequestEnvelope<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; message: string | undefined }> {
  const token = await currentAccessToken();
  let response: Response;
  try {
    response = await send(method, path, options, token);
    if (response.status === 403 && token) {
      await refreshTokenOnce(token);
      response = await send(method, path, options, await currentAccessToken());
    }
    if (response.status === 401 && token && !(await asksForRecentSignIn(response))) {
      response = await afterRevocation(method, path, options, token, response);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ httpCode: 0, message: messages.defaultError });
  }

  const envelope = await readEnvelope<T>(response);
  if (!response.ok) {
    throw new ApiError({
      httpCode: envelope.httpCode ?? response.status,
      message: envelope.message ?? messages.defaultError,
      error: Array.isArray(envelope.error) ? envelope.error : [],
      code: envelope.code,
    });
  }
  return { data: envelope.data as T, message: envelope.message };
}

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
  query?: RequestOptions['query'],
): Promise<string> {
  const token = await currentAccessToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError({ httpCode: 0, message: messages.defaultError });
  }
  if (!response.ok) {
    const envelope = await readEnvelope<unknown>(response);
    throw new ApiError({
      httpCode: envelope.httpCode ?? response.status,
      message: envelope.message ?? messages.defaultError,
      error: Array.isArray(envelope.error) ? envelope.error : [],
      code: envelope.code,
    });
  }
  const name = attachmentName(response, fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
