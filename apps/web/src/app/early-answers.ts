/**
 * The answers public/early-data.js asked for while the code downloaded (a signed-in frame's first
 * calls, issue 43). Each is taken once, by the first GET of the same path and query made with the
 * same token; anything else is sent as usual.
 */
interface EarlyAnswers {
  token: string;
  answers: Record<string, Promise<Response> | undefined>;
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
