/**
 * Prerenders public pages to HTML, after the client build (dist/) and the SSR build of
 * src/prerender.tsx (.ssr/): each page's markup goes inside #root of the client's index.html,
 * with the stylesheets of its lazy route chunks (so the first paint is styled as the app will be).
 * The entry's <script type="module"> and every module preload (the entry's and the route chunks')
 * give way to public/start-after-paint.js, which adds them once a frame is on screen (so on a slow
 * network the HTML and stylesheets are not sharing the bandwidth with ~200 KB of scripts the first
 * paint does not need) or, on a public page, only when the page has something for the app to do
 * (ADR 82: a session, `?signed-out`, a carousel seen on a phone). Writes
 * dist/prerendered/<name>.html, their .br/.gz copies, and dist/prerendered/routes.json, which the
 * server reads to answer those paths with them. Fails when a page would need an inline script
 * (the CSP allows none). A public page is written in each language (ADR 73): `<name>.html` in
 * English, `<name>.es.html` in Spanish, with its `<html lang>`, its title and, for Spanish, a module
 * preload of the Spanish catalog (the app awaits it before hydrating); the server picks one by the
 * visitor's cookie, then Accept-Language.
 * Signed-in screens are not prerendered (what they show depends on who is signed in): each gets
 * its frame instead (header and title over a loader, src/app/layout/customer-shell.tsx) in
 * #app-shell beside an empty #root, the same stylesheets and scripts-after-paint, and module
 * preloads for all of the screen's code, so the browser fetches it at once instead of discovering
 * one import after another (seven round trips deep for the dashboard). The app renders into #root
 * and removes the frame once the screen is on screen (src/app/app-shell.ts).
 *   npm run build -w @pria/web   (runs all three steps)
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NEW_YORK } from '@pria/contracts';
import { newYorkDayBounds } from '@pria/contracts/calendar';
import { escapeHtml } from '@pria/contracts/i18n/format';
import { type Language, languages, languageTags, manifestPaths } from '@pria/contracts/languages';
import type { DescribedPage } from '../src/app/page-descriptions.ts';
import { firstCalls } from '../src/features/customer/first-calls.ts';
import type { ScreenWithFrame } from '../src/features/customer/screen-headings.ts';
import { importClosure } from './import-closure.ts';
import { compressTree } from './precompress.ts';

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}

interface Page {
  url: string;
  /** More paths answered with this page: `/dashboard/account/*` is every path below that one. */
  also?: string[];
  name: string;
  /** The document title the page sets once it runs (useDocumentTitle), so the tab does not change. */
  title: string;
  /** What its `<meta name="description">` says (index.html's when not said). */
  description?: string;
  /** The language the page is written in (English when not said). */
  language?: Language;
  /** Manifest keys of the lazy chunks the route renders. */
  chunks: string[];
  /** A signed-in frame's first API calls, asked while its code downloads (public/early-data.js). */
  calls?: string[];
}

/**
 * Public pages, each written once per language (the title is the page's own, from the SSR build).
 * Each is whole without the app (ADR 82): its links are plain ones, the FAQ's answers open without
 * a script (<details>), the legal texts' contents are anchors.
 */
const publicArea = 'src/app/areas/public-area.tsx';
const publicPages: (Omit<Page, 'title'> & { name: DescribedPage })[] = [
  { url: '/', name: 'landing', chunks: [publicArea] },
  { url: '/about', name: 'about', chunks: [publicArea, 'src/features/about/about-page.tsx'] },
  { url: '/faq', name: 'faq', chunks: [publicArea, 'src/features/faq/faq-page.tsx'] },
  { url: '/policy', name: 'policy', chunks: [publicArea, 'src/features/legal/privacy-policy-page.tsx'] },
  { url: '/terms', name: 'terms', chunks: [publicArea, 'src/features/legal/terms-page.tsx'] },
  // Their forms are the app's: it starts when the visitor reaches into one (before-app.ts).
  { url: '/contact', name: 'contact', chunks: [publicArea, 'src/features/contact/contact-page.tsx'] },
  { url: '/feedback', name: 'feedback', chunks: [publicArea, 'src/features/feedback/feedback-page.tsx'] },
];
/** A language's catalog, when it is its own chunk (Spanish: only Spanish readers download it). */
const catalogChunk: Partial<Record<Language, string>> = { es: 'src/locales/es/public.po' };

/** Signed-in screens: path and screen module (customer-area.tsx `loaders`); each framed once per language. */
const shells: (Omit<Page, 'title'> & { screen: ScreenWithFrame })[] = (
  [
    ['/dashboard', 'dashboard', 'dashboard/dashboard-page'],
    ['/dashboard/checkout', 'checkout', 'checkout/checkout-page'],
    ['/dashboard/subscription', 'subscription', 'subscription/subscription-page'],
    ['/dashboard/account', 'account', 'account/account-page'],
  ] as const
).map(([url, screen, module]) => ({
  url,
  // The account page's sections (/dashboard/account/payment, ...) are the same screen.
  also: url === '/dashboard/account' ? [`${url}/*`] : [],
  name: screen,
  screen,
  chunks: ['src/app/areas/customer-area.tsx', `src/features/${module}.tsx`],
  calls: firstCalls[screen],
}));
/** The customer area's catalog in a language (it loads with the area: router.tsx; ADR 73's addendum). */
const customerCatalog = (language: Language) => `src/locales/${language}/customer.po`;

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const ssrDir = path.join(webRoot, '.ssr');
const outDir = path.join(dist, 'prerendered');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const { render, pageDescription, renderShell, shellHeading } = (await import(
  pathToFileURL(path.join(ssrDir, 'prerender.js')).href
)) as {
  render: (url: string, language: Language) => Promise<{ html: string; title: string }>;
  pageDescription: (name: DescribedPage, language: Language) => Promise<string>;
  renderShell: (url: string, title: string, language: Language) => Promise<string>;
  shellHeading: (screen: ScreenWithFrame, language: Language) => Promise<string>;
};

/**
 * The Latin file of the app's one font (Inter, variable weight: English and Spanish are in its
 * Latin range, bullets and dashes included). A signed-in frame preloads it: its first screen,
 * rendered by the server (ADR 80), is then painted in the font the app paints it in, instead of a
 * fallback the app's own render replaces with wider lines a moment later.
 */
const latinFont = readdirSync(path.join(dist, 'assets')).find((f) =>
  /^inter-latin-wght-normal-[\w-]+\.woff2$/.test(f),
);
if (!latinFont)
  throw new Error('prerender: no inter-latin-wght-normal-*.woff2 in dist/assets (did the font change?)');

/**
 * When the next twenty years begin in New York (epoch ms, by the calendar), after the year the
 * page's footer shows: public/start-after-paint.js counts those passed to show the current year
 * on a page the app may never start on, with no formatter or zone of its own (ADR 50, ADR 82).
 */
function newYearsAfter(markup: string): string {
  const shown = /data-copyright[^>]*>[^<]*?(\d{4})/.exec(markup)?.[1];
  if (!shown) throw new Error('prerender: no year in the footer (data-copyright)');
  return Array.from({ length: 20 }, (_, i) =>
    newYorkDayBounds(`${Number(shown) + 1 + i}-01-01`).start.getTime(),
  ).join(' ');
}

/** Every chunk the given ones import statically (themselves included), minus the entry's own (already in the page). */
function closure(keys: string[]): Chunk[] {
  const importsOf = (key: string) => manifest[key]?.imports ?? [];
  const entry = importClosure(['index.html'], importsOf);
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`prerender: ${key} is not in the manifest (did the route move?)`);
  }
  return [...importClosure(keys, importsOf)].filter((k) => !entry.has(k)).map((k) => manifest[k] as Chunk);
}

/**
 * index.html with `rendered` on screen before any script runs: hydrated by the app (a public page,
 * in #root) or a frame the app replaces (a signed-in screen, in #app-shell beside an empty #root).
 */
function page(p: Page, rendered: string, as: 'hydrated' | 'frame'): string {
  if (/<script\b/i.test(rendered))
    throw new Error(`prerender: ${p.url} renders a <script>, which the CSP blocks`);
  // React puts the preloads it finds (e.g. <img> sources) first; they belong in <head>, outside what hydrates.
  const preloads = rendered.match(/^(<link [^>]*>)*/)?.[0] ?? '';
  const markup = rendered.slice(preloads.length);
  const language = p.language ?? 'en';
  const catalog = catalogChunk[language];
  const chunks = closure(catalog ? [...p.chunks, catalog] : p.chunks);
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  const entryTag = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  const preloadTags = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  if (!entryTag?.[1]) throw new Error('prerender: no entry script in index.html');
  const modules = [...preloadTags.map((m) => m[1]), ...chunks.map((c) => `/${c.file}`)];
  const head = [
    ...(preloads.match(/<link [^>]*>/g) ?? []),
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    // Every page's text in its font from the first paint where the network allows: a public page
    // sent without the app is painted before the font would otherwise be found (in the
    // stylesheet), and its text moved when it swapped in (the FAQ's CLS 0.08, ADR 82).
    `<link rel="preload" href="/assets/${latinFont}" as="font" type="font/woff2" crossorigin>`,
    // A signed-in frame: the sign-in settings (auth-config.ts) and the screen's data start with
    // the page, beside its code, instead of after it.
    ...(p.calls
      ? [
          '<link rel="preload" href="/config.json" as="fetch" crossorigin>',
          `<script defer src="/early-data.js" data-calls="${p.calls.join(' ')}" data-zone="${NEW_YORK}"></script>`,
        ]
      : []),
    // A public page starts the app only when it has something to do (ADR 82); a frame, after its paint.
    `<script defer src="/start-after-paint.js" data-entry="${entryTag[1]}" data-preload="${modules.join(' ')}"${
      as === 'hydrated' ? ` data-on-demand data-new-years="${newYearsAfter(markup)}"` : ''
    }></script>`,
  ].join('\n    ');
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>'))
    throw new Error('prerender: unexpected index.html');
  let shell = template.replace(entryTag[0], '');
  for (const tag of preloadTags) shell = shell.replace(tag[0], '');
  if (!/<meta name="description" content="[^"]*"/.test(shell))
    throw new Error('prerender: index.html has no <meta name="description">');
  if (!/<html lang="en"/.test(shell)) throw new Error('prerender: index.html does not say <html lang="en">');
  if (!shell.includes(`<link rel="manifest" href="${manifestPaths.en}">`))
    throw new Error('prerender: index.html does not link the manifest');
  return shell
    .replace(/<html lang="en"/, `<html lang="${languageTags[language]}"`)
    .replace(
      `<link rel="manifest" href="${manifestPaths.en}">`,
      `<link rel="manifest" href="${manifestPaths[language]}">`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${p.title}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, (tag) =>
      p.description === undefined ? tag : `<meta name="description" content="${escapeHtml(p.description)}"`,
    )
    .replace('</head>', `  ${head}\n  </head>`)
    .replace(
      root,
      as === 'hydrated'
        ? `<div id="root" data-prerendered>${markup}</div>`
        : `<div id="app-shell">${markup}</div>\n    ${root}`,
    );
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const routes: Record<string, string> = {};
const write = (p: Page, html: string) => {
  // routes.json names the English file; the server finds a language's beside it (landing.es.html).
  const file = `prerendered/${p.name}.html`;
  const written = p.language && p.language !== 'en' ? `prerendered/${p.name}.${p.language}.html` : file;
  writeFileSync(path.join(dist, written), html);
  for (const url of [p.url, ...(p.also ?? [])]) routes[url] = file;
  console.log(`prerendered ${p.url} (${p.language ?? 'en'}) -> dist/${written}`);
};
for (const p of publicPages) {
  for (const language of languages) {
    const { html, title } = await render(p.url, language);
    const localized = { ...p, language, title, description: await pageDescription(p.name, language) };
    write(localized, page(localized, html, 'hydrated'));
  }
}
for (const p of shells) {
  for (const language of languages) {
    const heading = await shellHeading(p.screen, language);
    const framed = {
      ...p,
      language,
      title: `${heading} | Pria`,
      chunks: [...p.chunks, customerCatalog(language)],
    };
    write(framed, page(framed, await renderShell(p.url, heading, language), 'frame'));
  }
}
writeFileSync(path.join(outDir, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
compressTree(outDir);
// .ssr stays: the server renders signed-in first screens with it (renderFirstScreen, platform/first-screen.ts).
