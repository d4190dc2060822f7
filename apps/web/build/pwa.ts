/**
 * The installable app (ADR 28): the web app manifest and the service worker, built by
 * vite-plugin-pwa from src/sw/service-worker.ts (Workbox precaching, our own routes and push
 * handlers: the "injectManifest" strategy). The plugin links the manifest from index.html, which
 * every page is built from (the prerendered landing and signed-in frames too). It registers
 * nothing itself: public/register-sw.js does, after the page has loaded, so the landing page's
 * scripts do not grow.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve(import.meta.dirname, '../dist');

/**
 * The scripts and styles a visitor or a customer can ever run: the entry and everything it reaches,
 * static or lazy, except through the admin area (staff code loads for staff only).
 */
export function appShellFiles(manifest: Record<string, Chunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const stack = ['index.html'];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key) || key === 'src/app/areas/admin-area.tsx') continue;
    seen.add(key);
    const c = manifest[key];
    if (!c) continue;
    files.add(c.file);
    for (const css of c.css ?? []) files.add(css);
    stack.push(...(c.imports ?? []), ...(c.dynamicImports ?? []));
  }
  return files;
}

/** Pria's brand navy (theme.ts `navy[9]`): the title bar and the splash screen. */
export const BRAND_NAVY = '#0b1f3a';

/** The web app manifest: what a phone shows when Pria is installed (name, icon, shortcuts). */
const englishManifest = {
  id: '/',
  name: 'Pria — Better Credit, Made Simple',
  short_name: 'Pria',
  description: 'Build credit with the cards you already have: $3 a month per card, paid back on the 2nd.',
  lang: 'en-US',
  start_url: '/dashboard?source=pwa',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#ffffff',
  theme_color: BRAND_NAVY,
  categories: ['finance'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Progress',
      url: '/dashboard#progress',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
    },
    {
      name: 'Notifications',
      url: '/dashboard/account/notifications',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
    },
  ],
} satisfies Partial<ManifestOptions>;

/**
 * The same manifest for Spanish readers (issue 42): its words in Spanish, everything else the same
 * app (same id). `manifest.es.webmanifest`, linked from the Spanish pages (build/prerender.ts, the
 * provider's pages) and by the app once it speaks Spanish (src/app/i18n/i18n.ts).
 */
const spanishManifest = {
  ...englishManifest,
  name: 'Pria — Mejor crédito, sin complicaciones',
  description:
    'Construya su crédito con las tarjetas que ya tiene: $3 al mes por tarjeta, abonados el día 2.',
  lang: 'es-US',
  shortcuts: englishManifest.shortcuts.map((shortcut) => ({
    ...shortcut,
    name: { Progress: 'Progreso', Notifications: 'Notificaciones' }[shortcut.name] ?? shortcut.name,
  })),
};

export const pwa = () => [
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    // The icons are in the glob already; listing them twice would precache them twice.
    includeManifestIcons: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: englishManifest,
    injectManifest: {
      // The app shell: the entry, the public and customer areas' code, styles, fonts, icons and
      // the offline page. NOT the admin area's code (staff only, ADR 14's bundle rule), the
      // prerendered pages (answered by the server, always fresh), source maps or precompressed copies.
      globPatterns: ['**/*.{js,css,woff2,svg,png,html}'],
      globIgnores: [
        'prerendered/**',
        'index.html',
        '**/*.map',
        'sw.js',
        'register-sw.js',
        'page-chrome.js',
        'start-after-paint.js',
        'early-data.js',
      ],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      manifestTransforms: [
        (entries) => {
          const shell = appShellFiles(
            JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')),
          );
          const keep = entries.filter((e) => {
            if (/^assets\/.*\.(js|css)$/.test(e.url)) return shell.has(e.url);
            // Inter's Latin subsets only: the app's words are English.
            if (e.url.endsWith('.woff2')) return /inter-latin(-ext)?-wght/.test(e.url);
            return true;
          });
          return { manifest: keep, warnings: [] };
        },
      ],
    },
  }),
  {
    name: 'pria-spanish-manifest',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.es.webmanifest',
        source: JSON.stringify(spanishManifest),
      });
    },
  } satisfies Plugin,
];
