import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { documentTokenCookie, type Language } from '@pria/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readCookie } from './cookies.ts';
import { cookieLanguage, LANGUAGE_COOKIE } from './language.ts';

/**
 * A signed-in screen's document with the customer's own first screen in it (issue 43): instead of
 * the frame's loader, #app-shell holds what the screen shows once its data is there, rendered on
 * the server from the same API answers the app would ask for, so the largest paint comes with
 * the page instead of after the app's code and its calls (4.7 s → 1.9 s on Lighthouse's phone).
 *
 * The web build's SSR bundle renders it (`apps/web/.ssr/prerender.js`, the `FirstScreenRenderer`
 * contract below); this side asks the API in-process (`app.inject`) with the customer's token,
 * so every rule of the API (authentication, revocation, permissions, validation) applies as to
 * any call, and splices the markup into the screen's prerendered frame. Anything short of every
 * answer 200 and a markup (no token, a refused or expired one, a staff token, a customer who must
 * onboard, an error, too slow) sends the static frame, exactly as without this.
 */

/**
 * The cookie that carries the customer's current access token to the document requests of the
 * signed-in area, set by the web app (`Path=/dashboard; SameSite=Strict`, its lifetime the
 * token's; deleted at sign-out). Read here only, to render a document: the API authenticates with
 * the Authorization header alone and never reads it (a test says so).
 */
export const DOCUMENT_TOKEN_COOKIE = documentTokenCookie;

/** The most the API calls and the render may take, in all, before the document is the static frame. */
export const FIRST_SCREEN_BUDGET_MS = 1500;

/** How wide a screen the first screen is rendered for (a phone: narrow), from the request's hints. */
export type Layout = 'narrow' | 'wide';

/** The web build's server-side renderer of first screens (the SSR bundle's exports). */
export interface FirstScreenRenderer {
  /** The API calls (paths with query, e.g. '/api/v1/customers/me') a path's first screen is rendered from; undefined when the path has none. */
  firstScreenCalls(pathname: string): string[] | undefined;
  /**
   * The markup to put inside #app-shell (replacing the frame's), or null when the answers do not
   * make a first screen (e.g. a customer who must onboard): then the static frame is sent.
   * answers: call path → the parsed JSON body the API answered (status 200).
   */
  renderFirstScreen(
    url: string,
    language: Language,
    answers: Record<string, unknown>,
    layout: Layout,
  ): Promise<string | null>;
}

/** Where the web build keeps its SSR bundle: beside its `dist` (`apps/web/.ssr/prerender.js`). */
export function firstScreenRendererFile(webDist: string): string {
  return path.resolve(webDist, '../.ssr/prerender.js');
}

/**
 * The renderer in `file`, or undefined when there is none (no web build) or it cannot be loaded
 * (logged): the site then keeps sending the static frames.
 */
export async function loadFirstScreenRenderer(
  file: string,
  logger: { error(details: object, message: string): void },
): Promise<FirstScreenRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  try {
    const bundle = (await import(pathToFileURL(file).href)) as Partial<FirstScreenRenderer>;
    const { firstScreenCalls, renderFirstScreen } = bundle;
    if (typeof firstScreenCalls !== 'function' || typeof renderFirstScreen !== 'function') {
      logger.error(
        { file },
        'the SSR bundle has no first-screen renderer: signed-in screens get their frame',
      );
      return undefined;
    }
    return { firstScreenCalls, renderFirstScreen };
  } catch (err) {
    logger.error(
      { err, file },
      'could not load the first-screen renderer: signed-in screens get their frame',
    );
    return undefined;
  }
}

/** A phone, by its client hint (`Sec-CH-UA-Mobile: ?1`) or its User-Agent (`Mobi`): narrow; else wide. */
export function requestLayout(headers: FastifyRequest['headers']): Layout {
  const mobile = headers['sec-ch-ua-mobile'];
  if (typeof mobile === 'string' && mobile.trim() === '?1') return 'narrow';
  return headers['user-agent']?.includes('Mobi') ? 'narrow' : 'wide';
}

const SHELL_OPEN = '<div id="app-shell">';
const ROOT = '<div id="root"></div>';

/**
 * The id of the data block a rendered document carries its answers in, at the end of #app-shell:
 * the frame's public/early-data.js hands them to the app as the answers of the same calls, so the
 * browser does not ask the API again what the server asked it for this very page.
 */
export const FIRST_ANSWERS_ID = 'pria-first-answers';

/** How many of a token's last characters the block names it by (`answersBlock`). */
const TOKEN_END_LENGTH = 16;

/**
 * The answers as a JSON data block (`type="application/json"`: never run, so the CSP's no inline
 * script does not apply), `<` and the two JavaScript line ends escaped so that no text in an answer
 * (a name, an address) can close the element or be read as markup. `data-token-end` names the token
 * they were asked with by its last characters (a JWT's signature: no credential), so the page uses
 * them only if it holds that very token (the same customer and sign-in).
 */
export function answersBlock(answers: Record<string, unknown>, token: string): string {
  const json = JSON.stringify(answers)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  const tokenEnd = token.slice(-TOKEN_END_LENGTH);
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}" data-token-end="${tokenEnd}">${json}</script>`;
}

/** A frame cut around what its #app-shell holds. */
interface Frame {
  /** Everything up to and including `<div id="app-shell">`. */
  before: string;
  /** From the `</div>` that closes #app-shell (the last before `<div id="root"></div>`) to the end. */
  after: string;
}

/**
 * The frame around its #app-shell's content, or null when it has none: the web build writes
 * `<div id="app-shell">MARKUP</div>\n    <div id="root"></div>` (apps/web/build/prerender.ts).
 */
export function splitFrame(html: string): Frame | null {
  const open = html.indexOf(SHELL_OPEN);
  const root = html.indexOf(ROOT);
  if (open < 0 || root < 0) return null;
  const close = html.lastIndexOf('</div>', root);
  if (close < open + SHELL_OPEN.length || html.slice(close + '</div>'.length, root).trim() !== '')
    return null;
  return { before: html.slice(0, open + SHELL_OPEN.length), after: html.slice(close) };
}

/** An RFC 7235 token68, what a bearer token is made of (a JWT is): anything else is not sent on. */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** What `document` needs to know of the request's page. */
export interface FirstScreenPage {
  pathname: string;
  /** The path with its query, as requested (a screen may read its query: the checkout's plan). */
  url: string;
  /** The calls `callsOf(pathname)` gave. */
  calls: string[];
  /** The frame the static answer sends (absolute path), in `language`. */
  frameFile: string;
  language: Language;
}

export interface FirstScreens {
  /** The API calls of the path's first screen, or undefined when it has none. */
  callsOf(pathname: string): string[] | undefined;
  /**
   * The page's document with the caller's first screen in #app-shell, or null when it is to be
   * the static frame (no token cookie, any answer not 200, no markup, an error, over the budget).
   * Never rejects.
   */
  document(req: FastifyRequest, page: FirstScreenPage): Promise<string | null>;
}

/** First screens of `renderer`, their data asked of `app`'s own API in-process. */
export function createFirstScreens(
  app: FastifyInstance,
  renderer: FirstScreenRenderer,
  budgetMs = FIRST_SCREEN_BUDGET_MS,
): FirstScreens {
  // A frame file's text, cut once (the build writes them; they do not change under a running server).
  const frames = new Map<string, Frame | null>();
  const frameOf = (file: string): Frame | null => {
    let frame = frames.get(file);
    if (frame === undefined) {
      frame = splitFrame(readFileSync(file, 'utf8'));
      frames.set(file, frame);
    }
    return frame;
  };

  function callsOf(pathname: string): string[] | undefined {
    try {
      const calls = renderer.firstScreenCalls(pathname);
      return calls?.length ? calls : undefined;
    } catch (err) {
      app.log.warn({ err, path: pathname }, 'first-screen calls failed: the static frame');
      return undefined;
    }
  }

  /** The answers of every call, or null when one is not a 200 with a JSON body. */
  async function answersOf(req: FastifyRequest, calls: string[], token: string) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    };
    const acceptLanguage = req.headers['accept-language'];
    if (acceptLanguage) headers['accept-language'] = acceptLanguage;
    const chosen = cookieLanguage(req.headers.cookie);
    if (chosen) headers.cookie = `${LANGUAGE_COOKIE}=${chosen}`;
    const userAgent = req.headers['user-agent'];
    if (userAgent) headers['user-agent'] = userAgent;
    const responses = await Promise.all(
      // remoteAddress: the caller's, so whatever the API counts or records by address sees theirs.
      calls.map((url) => app.inject({ method: 'GET', url, headers, remoteAddress: req.ip })),
    );
    const answers: Record<string, unknown> = {};
    for (const [i, res] of responses.entries()) {
      if (res.statusCode !== 200) return null;
      answers[calls[i] as string] = res.json();
    }
    return answers;
  }

  async function render(req: FastifyRequest, page: FirstScreenPage, token: string): Promise<string | null> {
    const { pathname, calls, language } = page;
    if (!calls.every((call) => call.startsWith('/api/v1/'))) {
      req.log.warn({ path: pathname, calls }, 'first-screen calls outside /api/v1: the static frame');
      return null;
    }
    const frame = frameOf(page.frameFile);
    if (!frame) {
      req.log.warn(
        { path: pathname, frame: page.frameFile },
        'the frame has no #app-shell: the static frame',
      );
      return null;
    }
    const answers = await answersOf(req, calls, token);
    if (!answers) return null;
    const markup: unknown = await renderer.renderFirstScreen(
      page.url,
      language,
      answers,
      requestLayout(req.headers),
    );
    if (markup === null) return null;
    if (typeof markup !== 'string' || /<script/i.test(markup)) {
      // The CSP allows no inline script: a page with one would be broken, and is never sent.
      req.log.warn({ path: pathname }, 'the first screen is not markup without scripts: the static frame');
      return null;
    }
    return frame.before + markup + answersBlock(answers, token) + frame.after;
  }

  async function document(req: FastifyRequest, page: FirstScreenPage): Promise<string | null> {
    const token = readCookie(req.headers.cookie, DOCUMENT_TOKEN_COOKIE);
    if (!token || !TOKEN68.test(token)) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), budgetMs);
    });
    // Never rejects: whatever fails is logged (without the token) and means the static frame.
    const rendered = render(req, page, token).catch((err: unknown) => {
      req.log.warn(
        { err: withoutToken(err, token), path: page.pathname },
        'first screen failed: the static frame',
      );
      return null;
    });
    try {
      const result = await Promise.race([rendered, late]);
      if (result === 'late') {
        req.log.warn({ path: page.pathname, budgetMs }, 'first screen over its time: the static frame');
        return null;
      }
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  return { callsOf, document };
}

/**
 * A rendered document as the browser accepts it: brotli (quality 5: ~1 ms for the dashboard's ~35 KB,
 * a fifth of its size), else gzip, else as it is. The static frames are compressed by the build; a
 * rendered one is written per request, and on a phone's slow link its bytes are before its paint.
 */
export function encodeDocument(
  html: string,
  acceptEncoding: string | undefined,
): { body: Buffer | string; encoding?: 'br' | 'gzip' } {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .filter((part) => !/;\s*q=0(\.0*)?\s*$/.test(part))
      .map((part) => part.split(';')[0]?.trim().toLowerCase()),
  );
  if (accepted.has('br'))
    return {
      body: brotliCompressSync(html, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) },
      }),
      encoding: 'br',
    };
  if (accepted.has('gzip')) return { body: gzipSync(html), encoding: 'gzip' };
  return { body: html };
}

/** An error as logged, any copy of the token in its message or stack blotted out. */
function withoutToken(err: unknown, token: string): { type: string; message: string; stack?: string } {
  const blot = (s: string) => s.replaceAll(token, '[Redacted]');
  if (!(err instanceof Error)) return { type: typeof err, message: blot(String(err)) };
  return {
    type: err.name,
    message: blot(err.message),
    ...(err.stack ? { stack: blot(err.stack) } : {}),
  };
}
