/**
 * Web bundle bench: reads the Vite manifest of the last `vite build` (apps/web/dist) and prints, per
 * route, the JavaScript a first visit downloads (the entry chunk, the route's lazy chunks and
 * everything they import statically), gzip-compressed with node:zlib at the default level.
 *   npm run bench:web   (builds first; BENCH_NO_BUILD=1 node apps/web/bench/bundle.ts reads the last build)
 * Exits 1 when a target fails:
 *   - the landing page < 200 KB, the whole customer area < 400 KB (gzip, JavaScript);
 *   - no admin code (src/features/admin, the admin area, recharts) in the public or customer sets.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

const KB = 1024;
const entryKey = 'index.html';
const publicArea = 'src/app/areas/public-area.tsx';
const customerArea = 'src/app/areas/customer-area.tsx';
const adminArea = 'src/app/areas/admin-area.tsx';

function chunk(key: string): Chunk {
  const c = manifest[key];
  if (!c) throw new Error(`not in the manifest: ${key} (did the route move?)`);
  return c;
}

/** The manifest keys a visit downloads for these roots: the roots and their static imports, transitively. */
function staticClosure(roots: string[], followDynamic = false): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const c = chunk(key);
    stack.push(...(c.imports ?? []));
    // The entry's own lazy imports are the three areas: following them would mix the areas up.
    if (followDynamic && key !== entryKey) stack.push(...(c.dynamicImports ?? []));
  }
  return seen;
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let s = gzipCache.get(file);
  if (!s) {
    const bytes = readFileSync(path.join(dist, file));
    s = { raw: bytes.length, gzip: gzipSync(bytes).length };
    gzipCache.set(file, s);
  }
  return s;
}

function measure(keys: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const c = chunk(key);
    js.add(c.file);
    for (const f of c.css ?? []) css.add(f);
  }
  const sum = (files: Set<string>, k: 'raw' | 'gzip') => [...files].reduce((n, f) => n + sizeOf(f)[k], 0);
  return { files: js.size, raw: sum(js, 'raw'), gzip: sum(js, 'gzip'), cssGzip: sum(css, 'gzip') };
}

/** The chunks' original sources, from their source maps (to find which libraries a set contains). */
function sourcesOf(keys: Set<string>): string[] {
  const out: string[] = [];
  for (const key of keys) {
    try {
      const map = JSON.parse(readFileSync(path.join(dist, `${chunk(key).file}.map`), 'utf8'));
      out.push(...(map.sources as string[]));
    } catch {
      // no source map for this chunk: checked by manifest key only
    }
  }
  return out;
}

const page = (area: string, src?: string) => [entryKey, area, ...(src ? [src] : [])];
const customerPages = chunk(customerArea).dynamicImports ?? [];
const adminPages = chunk(adminArea).dynamicImports ?? [];

type Row = { route: string; roots: string[]; whole?: boolean; target?: number };
const rows: Row[] = [
  { route: '/ (landing)', roots: page(publicArea), target: 200 * KB },
  { route: '/about', roots: page(publicArea, 'src/features/about/about-page.tsx') },
  { route: '/faq', roots: page(publicArea, 'src/features/faq/faq-page.tsx') },
  { route: '/contact', roots: page(publicArea, 'src/features/contact/contact-page.tsx') },
  { route: '/feedback', roots: page(publicArea, 'src/features/feedback/feedback-page.tsx') },
  { route: '/policy', roots: page(publicArea, 'src/features/legal/privacy-policy-page.tsx') },
  { route: '/terms', roots: page(publicArea, 'src/features/legal/terms-page.tsx') },
  { route: '/auth/callback, /login, /signup', roots: [entryKey] },
  { route: '/onboarding', roots: page(customerArea, 'src/features/onboarding/onboarding-page.tsx') },
  { route: '/dashboard', roots: page(customerArea, 'src/features/dashboard/dashboard-page.tsx') },
  { route: '/dashboard/account', roots: page(customerArea, 'src/features/account/account-page.tsx') },
  {
    route: '/dashboard/subscription',
    roots: page(customerArea, 'src/features/subscription/subscription-page.tsx'),
  },
  { route: '/dashboard/checkout', roots: page(customerArea, 'src/features/checkout/checkout-page.tsx') },
  { route: 'whole customer area', roots: [entryKey, customerArea, ...customerPages], target: 400 * KB },
  { route: '/admin (home)', roots: page(adminArea, 'src/features/admin/home/home-page.tsx') },
  { route: '/admin/users', roots: page(adminArea, 'src/features/admin/clients/clients-page.tsx') },
  { route: 'whole admin area', roots: [entryKey, adminArea, ...adminPages] },
];

const fmt = (n: number) => `${(n / KB).toFixed(1)} KB`;
const table = rows.map((row) => {
  const m = measure(staticClosure(row.roots));
  const verdict = row.target === undefined ? '' : m.gzip < row.target ? `< ${fmt(row.target)} ok` : 'FAIL';
  return { ...row, ...m, verdict };
});

const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);
console.log(
  `${pad('route', 34)}${lpad('chunks', 7)}${lpad('JS raw', 11)}${lpad('JS gzip', 11)}${lpad('CSS gzip', 11)}  target`,
);
for (const r of table) {
  console.log(
    `${pad(r.route, 34)}${lpad(String(r.files), 7)}${lpad(fmt(r.raw), 11)}${lpad(fmt(r.gzip), 11)}${lpad(fmt(r.cssGzip), 11)}  ${r.verdict}`,
  );
}

// Admin code must load only for admins: nothing from the admin area in what the public or customer
// routes can ever reach (their lazy pages included).
const failures = table.filter((r) => r.verdict === 'FAIL').map((r) => `${r.route}: ${fmt(r.gzip)}`);
// back-to-admin-link and back-to-dashboard (< 1 KB) are the customer area's 'Back To Admin' button,
// shared by design: they render nothing for a customer.
const sharedByDesign = /src\/features\/admin\/back-to-(admin-link|dashboard)\./;
const isAdmin = (source: string) =>
  !sharedByDesign.test(source) &&
  /src\/features\/admin\/|src\/app\/areas\/admin-area|src\/app\/layout\/admin-|node_modules\/(recharts|@mantine\/charts)\//.test(
    source,
  );
for (const [name, area] of [
  ['public routes', publicArea],
  ['customer routes', customerArea],
] as const) {
  // The entry chunk's static imports, plus everything the area can ever load (its lazy pages too).
  const reachable = new Set([...staticClosure([entryKey]), ...staticClosure([area], true)]);
  const leaks = [...new Set([...[...reachable].filter(isAdmin), ...sourcesOf(reachable).filter(isAdmin)])];
  if (leaks.length) failures.push(`${name} include admin code: ${leaks.slice(0, 10).join(', ')}`);
  else console.log(`${name}: no admin code (src/features/admin, admin area, recharts) ok`);
}

if (failures.length) {
  console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
