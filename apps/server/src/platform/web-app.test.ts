import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createHttpApp, serveWebApp } from './app.ts';
import { createLogger } from './logger.ts';

/**
 * How the server hands out the web build (a stand-in dist directory, so the test needs no build):
 * prerendered pages for their own path, the SPA shell for every other page path, the build's
 * precompressed copies, and long-lived caching only for hashed assets.
 */
const shell =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const landing =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"><h1>Better Credit, Made Simple</h1></div></body></html>';
const landingEs =
  '<!doctype html><html lang="es-US"><head></head><body><div id="root" data-prerendered><h1>Mejor crédito, sin complicaciones</h1></div></body></html>';
const accountFrame =
  '<!doctype html><html><head></head><body><div id="app-shell"><h1>Account Settings</h1></div><div id="root"></div></body></html>';
const entryJs = `export const x = ${JSON.stringify('x'.repeat(4000))};\n`;

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'pria-web-dist-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, 'prerendered'));
  writeFileSync(path.join(root, 'index.html'), shell);
  writeFileSync(path.join(root, 'prerendered/landing.html'), landing);
  writeFileSync(path.join(root, 'prerendered/landing.es.html'), landingEs);
  writeFileSync(path.join(root, 'prerendered/account.html'), accountFrame);
  writeFileSync(
    path.join(root, 'prerendered/routes.json'),
    JSON.stringify({
      '/': 'prerendered/landing.html',
      '/dashboard/account': 'prerendered/account.html',
      '/dashboard/account/*': 'prerendered/account.html',
      '/escape': '../index.html',
    }),
  );
  writeFileSync(path.join(root, 'assets/index-abc123.js'), entryJs);
  writeFileSync(path.join(root, 'assets/index-abc123.js.br'), brotliCompressSync(entryJs));
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3999' });
  app = await createHttpApp({
    config,
    logger: createLogger('silent'),
    verifyToken: async () => {
      throw new Error('no tokens here');
    },
  });
  await serveWebApp(app, root);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a page prerendered in each language (ADR 73)', () => {
  const landingIn = async (headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: '/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    return res.body.includes('Mejor crédito') ? 'es' : res.body.includes('Better Credit') ? 'en' : 'neither';
  };

  it("is sent in the visitor's choice (cookie pria_lang), whatever the browser asks for", async () => {
    expect(await landingIn({ cookie: 'other=1; pria_lang=es', 'accept-language': 'en-US,en' })).toBe('es');
    expect(await landingIn({ cookie: 'pria_lang=en', 'accept-language': 'es-US,es;q=0.9' })).toBe('en');
  });

  it("is sent in the browser's language without a choice, any Spanish reading Spanish", async () => {
    expect(await landingIn({ 'accept-language': 'es-US,es;q=0.9,en;q=0.8' })).toBe('es');
    expect(await landingIn({ 'accept-language': 'es-MX' })).toBe('es');
    expect(await landingIn({ 'accept-language': 'en-US,es;q=0.5' })).toBe('en');
    expect(await landingIn({ cookie: 'pria_lang=fr', 'accept-language': 'fr-FR,es;q=0.5' })).toBe('es');
  });

  it('is sent in English when nothing asks for Spanish', async () => {
    expect(await landingIn({})).toBe('en');
    expect(await landingIn({ 'accept-language': 'fr-FR,de' })).toBe('en');
  });

  it('leaves a page written only in English as it is (no Vary)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/dashboard/account',
      headers: { cookie: 'pria_lang=es', 'accept-language': 'es-US' },
    });
    expect(res.body).toContain('Account Settings');
    expect(res.headers.vary ?? '').not.toMatch(/Accept-Language/);
  });
});

describe('web app serving', () => {
  it('answers / with the prerendered landing page, under the strict CSP', async () => {
    for (const url of ['/', '/?utm_source=mail']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toMatch(/no-cache|max-age=0/);
      expect(res.body).toContain('<h1>Better Credit, Made Simple</h1>');
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.trim()).toBe("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('answers a signed-in screen and the paths below it with its frame', async () => {
    for (const url of [
      '/dashboard/account',
      '/dashboard/account/payment',
      '/dashboard/account/payment?x=1',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-cache|max-age=0/);
      expect(res.body, url).toBe(accountFrame);
    }
  });

  it('answers other page paths with the SPA shell, and unknown API paths with a JSON 404', async () => {
    for (const url of ['/dashboard', '/dashboard/checkout', '/about', '/admin/users/42', '/faq/']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(shell);
    }
    // A page the app does not have: the shell (it renders "Page not found") with a 404 (issue 29).
    for (const url of ['/dashboard/accounts', '/escape', '/no/such/page', '/admin/nope', '/about/x?y=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(shell);
    }
    const api = await app.inject({ url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends the precompressed copy to a browser that accepts it, and caches hashed assets for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(entryJs);

    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(entryJs);
  });

  it('does not cache files outside /assets for long (their names do not change with the build)', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toMatch(/immutable/);
  });
});
