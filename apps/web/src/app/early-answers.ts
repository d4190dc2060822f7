/**
 * The answers public/early-data.js asked for while the code downloaded (a signed-in frame's first
 * calls, issue 43). Each is taken once, by the first GET of the same path and query made with the
 * same token, while the page's first screen is on its way; anything else is sent as usual. The
 * ones not taken by then are dropped (`dropEarlyAnswers`: the first screen is shown, or something
 * was changed), so a later screen of the same visit never reads an answer from before it.
 */
interface EarlyAnswers {
  token: string;
  answers: Record<string, Promise<Response> | undefined>;
  /**
   * The answers the document itself carried (call -> JSON body: the server rendered its first
   * screen from them with this very token, ADR 80's addendum), for the app's cache before its first
   * render (`takeDocumentAnswers`).
   */
  given?: Record<string, unknown>;
}

declare global {
  interface Window {
    priaEarlyAnswers?: EarlyAnswers;
  }
}

/** The early answer to `request` sent with `token`, once; undefined when there is none. */
export function takeEarlyAnswer(request: Request, token: string | undefined): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.priaEarlyAnswers;
  if (!early || !token || early.token !== token || request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== window.location.origin) return undefined;
  const key = url.pathname + url.search;
  const answer = early.answers[key];
  if (answer) delete early.answers[key];
  return answer;
}

/** The answers the document carried, once (the customer area puts them in its cache as it loads). */
export function takeDocumentAnswers(): Record<string, unknown> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.priaEarlyAnswers;
  const given = early?.given;
  if (early) early.given = undefined;
  return given;
}

/** Forgets the early answers not taken: they describe the account as it was when the page loaded. */
export function dropEarlyAnswers(): void {
  if (typeof window !== 'undefined') window.priaEarlyAnswers = undefined;
}
