import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { createHttpApp, serveWebApp } from './app.ts';
import type { Principal } from './auth.ts';
import { unauthorized } from './errors.ts';
import {
  answersBlock,
  FIRST_ANSWERS_ID,
  FIRST_SCREEN_BUDGET_MS,
  type FirstScreenRenderer,
  type Layout,
  loadFirstScreenRenderer,
  splitFrame,
} from './first-screen.ts';
import { access, principalOf } from './http.ts';
import { createLogger } from './logger.ts';

/**
 * A signed-in screen's document with the customer's first screen in it (issue 43): a stand-in
 * dist (frames in English and Spanish), a stand-in renderer and stand-in API routes behind the
 * app's real bearer check, whose token verifier takes one token.
 */
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbmEifQ.c2lnbmF0dXJl';
const frame = (lang: string, loading: string) =>
  `<!doctype html>\n<html lang="${lang}">\n  <head><title>Dashboard | Pria</title></head>\n  <body>\n    <div id="app-shell"><header>Pria</header><div><h1>Dashboard</h1><div role="status"><p>${loading}</p></div></div></div>\n    <div id="root"></div>\n  </body>\n</html>\n`;
const dashboardEn = frame('en-US', 'Loading…');
const dashboardEs = frame('es-US', 'Cargando…');
const checkoutFrame = frame('en-US', 'Loading checkout…');
const noShellFrame = '<!doctype html><html><body><div id="root"></div></body></html>';
const shell = '<!doctype html><html><body><div id="root"></div></body></html>';
const MARKUP = '<main><h1>Dashboard</h1><p>Hello Ana</p></main>';

const DASHBOARD_CALLS = ['/api/v1/customers/me', '/api/v1/progress?month=2025-01'];

interface Render {
  url: string;
  language: string;
  answers: Record<string, unknown>;
  layout: Layout;
}
let renders: Render[] = [];
let renderAs: (r: Render) => Promise<string | null> = async () => MARKUP;
const renderer: FirstScreenRenderer = {
  firstScreenCalls: (pathname) =>
    ({
      '/dashboard': DASHBOARD_CALLS,
      '/dashboard/checkout': ['/api/v1/customers/me', '/api/v1/books'],
      '/dashboard/subscription': ['/api/v1/customers/me'],
    })[pathname],
  renderFirstScreen: async (url, language, answers, layout) => {
    const r = { url, language, answers, layout };
    renders.push(r);
    return renderAs(r);
  },
};

let root: string;
let app: FastifyInstance;
/** The same dist served as before first screens (no renderer): what a request without the cookie must get. */
let plain: FastifyInstance;
const logLines: string[] = [];

const customer: Principal = {
  issuer: 'https://issuer.test',
  subject: 'ana',
  email: 'ana@example.com',
  emailVerified: true,
  roles: [],
  permissions: new Set(),
  amr: ['pwd'],
  authTime: null,
  issuedAtMs: null,
};

async function build(withRenderer: FirstScreenRenderer | null): Promise<FastifyInstance> {
  const a = await createHttpApp({
    config: loadConfig({ NODE_ENV: 'test', PORT: '3999' }),
    logger: createLogger('warn', { write: (line: string) => void logLines.push(line) }),
    verifyToken: async (token) => {
      if (token !== TOKEN) throw unauthorized();
      return customer;
    },
  });
  // Stand-ins for the API's calls, behind the shell's real bearer check and access rules.
  a.get('/api/v1/customers/me', { config: access.user, schema: { hide: true } }, async (req) => ({
    data: { subject: principalOf(req).subject, name: 'Ana' },
    heard: {
      acceptLanguage: req.headers['accept-language'] ?? null,
      cookie: req.headers.cookie ?? null,
      ip: req.ip,
    },
  }));
  a.get(
    '/api/v1/progress',
    { config: access.user, schema: { hide: true, querystring: z.object({ month: z.string() }) } },
    async (req) => ({ data: { month: (req.query as { month: string }).month } }),
  );
  a.get(
    '/api/v1/books',
    { config: access.permission('transaction:payin'), schema: { hide: true } },
    async () => ({
      data: 'staff only',
    }),
  );
  await serveWebApp(a, root, withRenderer);
  await a.ready();
  return a;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'pria-first-screen-'));
  mkdirSync(path.join(root, 'prerendered'));
  writeFileSync(path.join(root, 'index.html'), shell);
  writeFileSync(path.join(root, 'prerendered/dashboard.html'), dashboardEn);
  writeFileSync(path.join(root, 'prerendered/dashboard.es.html'), dashboardEs);
  writeFileSync(path.join(root, 'prerendered/checkout.html'), checkoutFrame);
  writeFileSync(path.join(root, 'prerendered/subscription.html'), noShellFrame);
  writeFileSync(
    path.join(root, 'prerendered/routes.json'),
    JSON.stringify({
      '/dashboard': 'prerendered/dashboard.html',
      '/dashboard/checkout': 'prerendered/checkout.html',
      '/dashboard/subscription': 'prerendered/subscription.html',
    }),
  );
  app = await build(renderer);
  plain = await build(null);
});

afterAll(async () => {
  await app?.close();
  await plain?.close();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  renders = [];
  renderAs = async () => MARKUP;
  logLines.length = 0;
});

const withToken = (extra = '') => `pria_doc_token=${TOKEN}${extra}`;
const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });

/** Headers a document of its own may set differently from the file's (everything else must match). */
const documentOwn = new Set([
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'last-modified',
  'accept-ranges',
  'date',
  'vary',
]);

/** The English dashboard frame with MARKUP and the answers' block in its #app-shell. */
const renderedDashboard = (answers: Record<string, unknown>) =>
  dashboardEn.replace(
    /<div id="app-shell">.*<\/div>\n {4}<div id="root"><\/div>/,
    `<div id="app-shell">${MARKUP}${answersBlock(answers, TOKEN)}</div>\n    <div id="root"></div>`,
  );

describe("a signed-in screen's document with its first screen", () => {
  it('holds the rendered screen in #app-shell, beside the empty #root, never stored by a cache', async () => {
    const res = await get('/dashboard', { cookie: withToken() });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(renderedDashboard(renders[0]?.answers ?? {}));
    expect(res.body).toContain(`<div id="app-shell">${MARKUP}<script type="application/json"`);
    expect(res.body).not.toContain('Loading…');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it('is compressed as the browser accepts it (brotli, else gzip, never an encoding it refused)', async () => {
    const br = await get('/dashboard', { cookie: withToken(), 'accept-encoding': 'gzip, deflate, br, zstd' });
    const expected = renderedDashboard(renders[0]?.answers ?? {});
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);
    const gzip = await get('/dashboard', { cookie: withToken(), 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(expected);
    const plain = await get('/dashboard', { cookie: withToken(), 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(expected);
  });

  it('is sent with the same security headers as the static frame (the strict CSP among them)', async () => {
    const rendered = await get('/dashboard', { cookie: withToken() });
    const framed = await get('/dashboard');
    expect(rendered.body).toContain(MARKUP);
    expect(framed.body).toBe(dashboardEn);
    const csp = String(rendered.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(rendered.headers['x-content-type-options']).toBe('nosniff');
    const shared = Object.keys(framed.headers).filter((h) => !documentOwn.has(h));
    expect(shared).toContain('content-security-policy');
    expect(shared).toContain('x-content-type-options');
    for (const h of shared) expect(rendered.headers[h], h).toEqual(framed.headers[h]);
    expect(
      Object.keys(rendered.headers)
        .filter((h) => !documentOwn.has(h))
        .sort(),
    ).toEqual(shared.sort());
  });

  it("is rendered from every call's answer, keyed by call, in the request's language, for its screen's width", async () => {
    await get(
      '/dashboard?card=2',
      { cookie: withToken('; pria_lang=es'), 'accept-language': 'en-US' },
      '203.0.113.7',
    );
    expect(renders).toHaveLength(1);
    const [r] = renders;
    // The screen gets its query too (the checkout's plan); its calls are the path's.
    expect(r?.url).toBe('/dashboard?card=2');
    expect(r?.language).toBe('es');
    expect(r?.layout).toBe('wide');
    expect(Object.keys(r?.answers ?? {})).toEqual(DASHBOARD_CALLS);
    expect(r?.answers['/api/v1/progress?month=2025-01']).toEqual({ data: { month: '2025-01' } });
    // The API heard the caller's language and address, and of the cookies only the language's.
    expect(r?.answers['/api/v1/customers/me']).toEqual({
      data: { subject: 'ana', name: 'Ana' },
      heard: { acceptLanguage: 'en-US', cookie: 'pria_lang=es', ip: '203.0.113.7' },
    });

    const langOf = async (headers: Record<string, string>) => {
      renders = [];
      const res = await get('/dashboard', headers);
      expect(res.body).toContain(MARKUP);
      return { language: renders[0]?.language, lang: /<html lang="([^"]+)"/.exec(res.body)?.[1] };
    };
    expect(await langOf({ cookie: withToken(), 'accept-language': 'es-MX,es;q=0.9' })).toEqual({
      language: 'es',
      lang: 'es-US',
    });
    expect(await langOf({ cookie: `pria_lang=en; ${withToken()}`, 'accept-language': 'es-US' })).toEqual({
      language: 'en',
      lang: 'en-US',
    });
    expect(await langOf({ cookie: withToken() })).toEqual({ language: 'en', lang: 'en-US' });
  });

  it('carries the answers it was rendered from, for the browser not to ask them again', async () => {
    const res = await get('/dashboard', { cookie: withToken() });
    const block = new RegExp(
      `<script type="application/json" id="${FIRST_ANSWERS_ID}" data-token-end="([^"]+)">(.*?)</script>`,
    ).exec(res.body);
    expect(block).not.toBeNull();
    expect(JSON.parse(block?.[2] ?? '')).toEqual(renders[0]?.answers);
    expect(Object.keys(JSON.parse(block?.[2] ?? ''))).toEqual(DASHBOARD_CALLS);
    // The token it was asked with, named by its end only: never the credential itself.
    expect(block?.[1]).toBe(TOKEN.slice(-16));
    expect(res.body).not.toContain(TOKEN);
    // Inside #app-shell, which the app removes with the rendered screen.
    expect(res.body.indexOf(block?.[0] ?? '')).toBeGreaterThan(res.body.indexOf('<div id="app-shell">'));
    expect(res.body.indexOf(block?.[0] ?? '')).toBeLessThan(res.body.indexOf('<div id="root">'));
  });

  it("escapes what could end the block or be read as markup in an answer's text", () => {
    const name = '</script><script>alert(1)</script>\u2028<!--';
    const block = answersBlock({ '/api/v1/customers/me': { data: { name } } }, TOKEN);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    expect(block).not.toContain('\u2028');
    const json = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ '/api/v1/customers/me': { data: { name } } });
  });

  it('is rendered narrow for a phone (its client hint or a mobile User-Agent), wide otherwise', async () => {
    const layoutOf = async (headers: Record<string, string>) => {
      renders = [];
      await get('/dashboard', { cookie: withToken(), ...headers });
      return renders[0]?.layout;
    };
    expect(await layoutOf({ 'sec-ch-ua-mobile': '?1' })).toBe('narrow');
    expect(
      await layoutOf({
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      }),
    ).toBe('narrow');
    expect(
      await layoutOf({
        'sec-ch-ua-mobile': '?0',
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      }),
    ).toBe('wide');
  });
});

describe('the static frame, as before first screens', () => {
  const isStaticFrame = (res: Awaited<ReturnType<typeof get>>, body = dashboardEn) => {
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(body);
    // What the frame's sendFile has always sent (@fastify/static's own for the `no-cache` asked).
    expect(res.headers['cache-control']).toMatch(/no-cache|max-age=0/);
    expect(res.headers['cache-control']).not.toMatch(/no-store/);
    expect(res.headers.vary).toMatch(/Cookie/);
  };

  it('is what a request without the token cookie gets, byte for byte and header for header', async () => {
    for (const headers of [
      {},
      { cookie: 'pria_lang=es' },
      { 'accept-language': 'es-US' },
      { cookie: 'pria_doc_token=' },
      { 'accept-encoding': 'br' },
    ] as Record<string, string>[]) {
      const now = await app.inject({ url: '/dashboard', headers });
      const before = await plain.inject({ url: '/dashboard', headers });
      expect(now.rawPayload.equals(before.rawPayload)).toBe(true);
      const { date: _a, ...nowHeaders } = now.headers;
      const { date: _b, ...beforeHeaders } = before.headers;
      expect(nowHeaders).toEqual(beforeHeaders);
    }
    isStaticFrame(await get('/dashboard'));
    isStaticFrame(await get('/dashboard', { cookie: 'pria_lang=es' }), dashboardEs);
    expect(renders).toEqual([]);
  });

  it('is sent when the API refuses the token (expired, revoked, forged)', async () => {
    isStaticFrame(await get('/dashboard', { cookie: 'pria_doc_token=eyJhbGciOiJub25lIn0.e30.' }));
    isStaticFrame(await get('/dashboard', { cookie: 'pria_doc_token=not a token' }));
    expect(renders).toEqual([]);
  });

  it('is sent when any call is refused (a staff-only call for a customer: 403)', async () => {
    isStaticFrame(await get('/dashboard/checkout', { cookie: withToken() }), checkoutFrame);
    expect(renders).toEqual([]);
  });

  it("is sent when the answers make no first screen (the renderer's null)", async () => {
    renderAs = async () => null;
    isStaticFrame(await get('/dashboard', { cookie: withToken() }));
    expect(renders).toHaveLength(1);
  });

  it('is sent when the renderer fails (never a 500), logged without the token', async () => {
    renderAs = async () => {
      throw new Error(`render broke on Bearer ${TOKEN}`);
    };
    isStaticFrame(await get('/dashboard', { cookie: withToken() }));
    const line = logLines.find((l) => l.includes('first screen failed'));
    expect(line).toContain('render broke on Bearer [Redacted]');
    expect(logLines.join('\n')).not.toContain(TOKEN);
  });

  it('is sent when the markup has a script (the CSP runs no inline script)', async () => {
    for (const markup of [`${MARKUP}<script>alert(1)</script>`, '<SCRIPT src="/x.js"></SCRIPT>']) {
      renderAs = async () => markup;
      isStaticFrame(await get('/dashboard', { cookie: withToken() }));
    }
    expect(logLines.some((l) => l.includes('not markup without scripts'))).toBe(true);
  });

  it('is sent when the frame has no #app-shell to put the screen in', async () => {
    const res = await get('/dashboard/subscription', { cookie: withToken() });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(noShellFrame);
    expect(res.headers['cache-control']).toMatch(/no-cache|max-age=0/);
    expect(logLines.some((l) => l.includes('no #app-shell'))).toBe(true);
  });

  it('is sent when the calls and the render take longer than their budget', async () => {
    renderAs = () => new Promise(() => {});
    const started = Date.now();
    isStaticFrame(await get('/dashboard', { cookie: withToken() }));
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(FIRST_SCREEN_BUDGET_MS - 50);
    expect(took).toBeLessThan(FIRST_SCREEN_BUDGET_MS + 1500);
    expect(logLines.some((l) => l.includes('over its time'))).toBe(true);
  });
});

describe('the token cookie', () => {
  it('is never a credential for the API: only the Authorization header is', async () => {
    const cookieOnly = await get('/api/v1/customers/me', { cookie: withToken() });
    expect(cookieOnly.statusCode).toBe(401);
    const bearer = await get('/api/v1/customers/me', { authorization: `Bearer ${TOKEN}` });
    expect(bearer.statusCode).toBe(200);
  });
});

describe('splitFrame', () => {
  it("cuts a frame around its #app-shell's content, nested elements included", () => {
    const cut = splitFrame(dashboardEn);
    expect(cut?.before.endsWith('<body>\n    <div id="app-shell">')).toBe(true);
    expect(cut?.after.startsWith('</div>\n    <div id="root"></div>\n  </body>')).toBe(true);
    expect(`${cut?.before}X${cut?.after}`).not.toContain('Loading');
  });

  it('finds nothing to cut in a page without #app-shell, or whose #app-shell is not just before #root', () => {
    expect(splitFrame(noShellFrame)).toBeNull();
    expect(splitFrame('<div id="app-shell">a</div><p>b</p><div id="root"></div>')).toBeNull();
    expect(splitFrame('<div id="root"></div><div id="app-shell">a</div>')).toBeNull();
  });
});

describe('loadFirstScreenRenderer', () => {
  let dir: string;
  const errors: string[] = [];
  const logger = {
    error: (o: object, m: string) =>
      void errors.push(`${m} ${JSON.stringify(o, (_k, v) => (v instanceof Error ? v.message : v))}`),
  };
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pria-ssr-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("loads the SSR bundle's two functions", async () => {
    const file = path.join(dir, 'good.mjs');
    writeFileSync(
      file,
      `export const firstScreenCalls = (p) => (p === '/dashboard' ? ['/api/v1/customers/me'] : undefined);
export const renderFirstScreen = async (p, language, answers, layout) => '<p>' + language + ' ' + layout + '</p>';`,
    );
    const loaded = await loadFirstScreenRenderer(file, logger);
    expect(loaded?.firstScreenCalls('/dashboard')).toEqual(['/api/v1/customers/me']);
    expect(loaded?.firstScreenCalls('/')).toBeUndefined();
    expect(await loaded?.renderFirstScreen('/dashboard', 'es', {}, 'narrow')).toBe('<p>es narrow</p>');
  });

  it('gives none, the site keeping its static frames, when there is no bundle or it cannot be used (logged)', async () => {
    expect(await loadFirstScreenRenderer(path.join(dir, 'missing.mjs'), logger)).toBeUndefined();
    expect(errors).toEqual([]);
    const broken = path.join(dir, 'broken.mjs');
    writeFileSync(broken, 'throw new Error("window is not defined");\n');
    expect(await loadFirstScreenRenderer(broken, logger)).toBeUndefined();
    expect(errors.at(-1)).toMatch(/could not load the first-screen renderer.*window is not defined/);
    const other = path.join(dir, 'other.mjs');
    writeFileSync(other, 'export const render = () => "";\n');
    expect(await loadFirstScreenRenderer(other, logger)).toBeUndefined();
    expect(errors.at(-1)).toMatch(/no first-screen renderer/);
  });
});
