/**
 * Prerenders public pages to HTML, after the client build (dist/) and the SSR build of
 * src/prerender.tsx (.ssr/): each page's markup goes inside #root of the client's index.html,
 * with the stylesheets of its lazy route chunks (so the first paint is styled as the app will be).
 * Its scripts start after the first paint: the entry's <script type="module"> and every module
 * preload (the entry's and the route chunks') give way to public/start-after-paint.js, which adds
 * them once a frame is on screen (so on a slow network the HTML and stylesheets are not sharing the
 * bandwidth with ~200 KB of scripts the first paint does not need). Writes
 * dist/prerendered/<name>.html, their .br/.gz copies, and dist/prerendered/routes.json, which the
 * server reads to answer those paths with them. Fails when a page would need an inline script
 * (the CSP allows none).
 *   npm run build -w @pria/web   (runs all three steps)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compressTree } from './precompress.ts';

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}

interface Page {
  url: string;
  name: string;
  /** The document title the page sets once it runs (useDocumentTitle), so the tab does not change. */
  title: string;
  /** Manifest keys of the lazy chunks the route renders. */
  chunks: string[];
}

const pages: Page[] = [
  {
    url: '/',
    name: 'landing',
    title: 'Better Credit, Made Simple | Pria',
    chunks: ['src/app/areas/public-area.tsx'],
  },
];

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const ssrDir = path.join(webRoot, '.ssr');
const outDir = path.join(dist, 'prerendered');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const { render } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as {
  render: (url: string) => Promise<string>;
};

/** Every chunk the given ones import statically (themselves included), minus the entry's own (already in the page). */
function closure(keys: string[]): Chunk[] {
  const entry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const k of manifest[key]?.imports ?? []) walk(k, into);
  };
  walk('index.html', entry);
  const seen = new Set<string>();
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`prerender: ${key} is not in the manifest (did the route move?)`);
    walk(key, seen);
  }
  return [...seen].filter((k) => !entry.has(k)).map((k) => manifest[k] as Chunk);
}

function page(p: Page, rendered: string): string {
  if (/<script\b/i.test(rendered))
    throw new Error(`prerender: ${p.url} renders a <script>, which the CSP blocks`);
  // React puts the preloads it finds (e.g. <img> sources) first; they belong in <head>, outside what hydrates.
  const preloads = rendered.match(/^(<link [^>]*>)*/)?.[0] ?? '';
  const markup = rendered.slice(preloads.length);
  const chunks = closure(p.chunks);
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  const entryTag = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  const preloadTags = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  if (!entryTag?.[1]) throw new Error('prerender: no entry script in index.html');
  const modules = [...preloadTags.map((m) => m[1]), ...chunks.map((c) => `/${c.file}`)];
  const head = [
    ...(preloads.match(/<link [^>]*>/g) ?? []),
    ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    `<script defer src="/start-after-paint.js" data-entry="${entryTag[1]}" data-preload="${modules.join(' ')}"></script>`,
  ].join('\n    ');
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>'))
    throw new Error('prerender: unexpected index.html');
  let shell = template.replace(entryTag[0], '');
  for (const tag of preloadTags) shell = shell.replace(tag[0], '');
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${p.title}</title>`)
    .replace('</head>', `  ${head}\n  </head>`)
    .replace(root, `<div id="root" data-prerendered>${markup}</div>`);
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const routes: Record<string, string> = {};
for (const p of pages) {
  const file = `prerendered/${p.name}.html`;
  writeFileSync(path.join(dist, file), page(p, await render(p.url)));
  routes[p.url] = file;
  console.log(`prerendered ${p.url} -> dist/${file}`);
}
writeFileSync(path.join(outDir, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
compressTree(outDir);
rmSync(ssrDir, { recursive: true, force: true });
