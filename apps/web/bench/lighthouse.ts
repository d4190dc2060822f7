/**
 * Lighthouse bench: starts the app on its own port, data directory and PostgreSQL port (as
 * e2e/fixtures/serve.ts does), seeds a subscribed customer, signs them in with Playwright in a
 * Chromium profile (user-data-dir) and runs Lighthouse (Node API, chrome-launcher, the system
 * Chromium) on that same profile with disableStorageReset, so the signed-in session in localStorage
 * survives (its HTTP and code caches are deleted before each run): landing, dashboard and checkout, mobile (Lighthouse's default: Moto G4 emulation,
 * simulated slow 4G) and desktop presets. Prints performance, accessibility and best practices.
 *   npm run bench:lighthouse   (builds the web app first)
 * Targets: performance >= 90, accessibility >= 95, best practices >= 95; exits 1 when one is missed.
 * Env: LH_PORT (3410), LH_PG_PORT (25396), CHROME_PATH (/usr/bin/chromium); LH_PAGES (landing,dashboard,checkout; account, faq, contact on request),
 * LH_PRESETS (mobile,desktop) and LH_RUNS (3) to measure fewer pages or a page more or fewer times (each run is
 * printed, then each page's medians with the machine's load average over its runs; the targets are held to the medians). Each report
 * is kept as JSON in .tmp/lighthouse-reports/ (page-preset-run.json); LH_TRACE=1 also keeps each run's trace
 * (page-preset-run.trace.json) with the JavaScript sampler on, to see which code a long task runs (the sampler
 * costs some time itself: compare scores from runs without it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { seedSubscribedCustomer } from '../../../e2e/admin/seed.ts';
import { HostedLogin } from '../../../e2e/fixtures/hosted-login.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const port = Number(process.env.LH_PORT ?? 3410);
const pgPort = Number(process.env.LH_PG_PORT ?? 25396);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, `.tmp/lighthouse-data-${port}`);
const profileDir = path.join(root, `.tmp/lighthouse-profile-${port}`);
const reportDir = path.join(root, '.tmp/lighthouse-reports');
/** The names listed in env `name` that are `known` (by default, all of `defaults`), else `defaults`. */
const listEnv = (name: string, defaults: string[], known = defaults) =>
  (process.env[name] ?? defaults.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter((s) => known.includes(s));
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const keepTrace = process.env.LH_TRACE === '1';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const targets = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
const log = (m: string) => console.log(`[lighthouse] ${m}`);

async function startServer(): Promise<ChildProcess> {
  rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    PRIA_DATA_DIR: dataDir,
    PRIA_EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseURL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not become ready in 120 s');
}

/** A subscribed customer (API seeding), then signed in through the hosted page inside the profile. */
async function signInToProfile() {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  let email: string;
  try {
    ({ email } = await seedSubscribedCustomer(browser, baseURL));
  } finally {
    await browser.close();
  }
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromePath,
    args: chromeFlags,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await new HostedLogin(page).signIn(email, 'a-strong-passphrase-1');
    await page.waitForURL(/\/dashboard/);
  } finally {
    await context.close();
  }
}

type Row = {
  page: string;
  preset: string;
  url: string;
  scores: Record<string, number>;
  metrics: string;
  /** LCP and TBT in ms, CLS, FCP: Lighthouse's numeric values, for the medians. */
  values: Record<string, number>;
  /** The 1-minute load average when the run started. */
  load: number;
  note: string;
};

/** The performance metrics behind the score, as Lighthouse displays them. */
const metricIds = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

async function audit(
  url: string,
  preset: 'mobile' | 'desktop',
  signedIn: boolean,
  reportName: string,
): Promise<{ scores: Row['scores']; metrics: string; final: string }> {
  // The landing page sends a signed-in visitor to /dashboard: it is measured in a fresh profile.
  // The signed-in profile keeps its session (disableStorageReset) but not its HTTP and code caches:
  // every run loads the app as a first visit does.
  if (signedIn) {
    for (const dir of ['Cache', 'Code Cache', 'GPUCache', 'Service Worker'])
      rmSync(path.join(profileDir, 'Default', dir), { recursive: true, force: true });
  }
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags,
    ...(signedIn ? { userDataDir: profileDir } : {}),
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(targets),
        disableStorageReset: true,
        ...(keepTrace ? { additionalTraceCategories: ['disabled-by-default-v8.cpu_profiler'] } : {}),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(path.join(reportDir, `${reportName}.json`), JSON.stringify(lhr));
    if (keepTrace)
      writeFileSync(path.join(reportDir, `${reportName}.trace.json`), JSON.stringify(result.artifacts.Trace));
    const metrics = Object.entries(metricIds)
      .map(([name, id]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    const values: Record<string, number> = {};
    for (const [name, id] of Object.entries(metricIds))
      values[name] = lhr.audits[id]?.numericValue ?? Number.NaN;
    const scores: Record<string, number> = {};
    for (const key of Object.keys(targets)) scores[key] = Math.round((lhr.categories[key]?.score ?? 0) * 100);
    // The failing audits, to see what a score is made of.
    for (const [key, category] of Object.entries(lhr.categories)) {
      const misses = category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 0.9)
        .map((a) => `${a?.id}${a?.displayValue ? ` (${a.displayValue})` : ''}`);
      if (misses.length) log(`  ${preset} ${new URL(url).pathname} ${key}: ${misses.join(', ')}`);
    }
    return { scores, metrics, values, final: lhr.finalDisplayedUrl };
  } finally {
    chrome.kill();
  }
}

const server = await startServer();
const rows: Row[] = [];
try {
  log(`app on ${baseURL}; seeding and signing in a customer`);
  await signInToProfile();
  const allPages = [
    ['landing', '/', false],
    ['dashboard', '/dashboard', true],
    // As 'Continue to Payment' opens it: without a plan the page only says to choose one.
    ['checkout', '/dashboard/checkout?plan=semi-annual', true],
    // On request only (LH_PAGES=account): the account page, its later sections after its first screen (ADR 86).
    ['account', '/dashboard/account', true],
    // Other public pages sent without the app (ADR 82): on request only (LH_PAGES=faq,contact).
    ['faq', '/faq', false],
    ['contact', '/contact', false],
  ] as const;
  const pageNames = listEnv(
    'LH_PAGES',
    ['landing', 'dashboard', 'checkout'],
    allPages.map(([name]) => name),
  );
  const pages = allPages.filter(([name]) => pageNames.includes(name));
  const presets = listEnv('LH_PRESETS', ['mobile', 'desktop']) as ('mobile' | 'desktop')[];
  for (const preset of presets) {
    for (const [name, pathname, signedIn] of pages) {
      for (let i = 1; i <= runs; i++) {
        // The 1-minute load average: other processes on the machine inflate the CPU metrics (TBT above all).
        const load = loadavg()[0] ?? 0;
        log(`${preset} ${pathname}${runs > 1 ? ` (run ${i})` : ''}, load average ${load.toFixed(1)}`);
        // Lighthouse now and then loses the trace (NO_NAVSTART): one retry, then the error is the row.
        const run = () => audit(`${baseURL}${pathname}`, preset, signedIn, `${name}-${preset}-${i}`);
        try {
          const { final, scores, metrics, values } = await run().catch(run);
          const landed = new URL(final);
          const note =
            `${landed.pathname}${landed.search}` === pathname
              ? ''
              : `ended on ${landed.pathname}${landed.search}`;
          rows.push({ page: name, preset, url: pathname, scores, metrics, values, load, note });
        } catch (error) {
          rows.push({
            page: name,
            preset,
            url: pathname,
            scores: {},
            metrics: '',
            values: {},
            load,
            note: `error: ${String(error).slice(0, 120)}`,
          });
        }
      }
    }
  }
} finally {
  server.kill('SIGTERM');
}

console.log(
  `\n${'page'.padEnd(12)}${'preset'.padEnd(9)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'best'.padStart(6)}`,
);
const failures: string[] = [];
for (const r of rows) {
  console.log(
    `${r.page.padEnd(12)}${r.preset.padEnd(9)}${String(r.scores.performance).padStart(6)}${String(r.scores.accessibility).padStart(6)}${String(r.scores['best-practices']).padStart(6)}  ${r.metrics}  (load ${r.load.toFixed(1)})${r.note ? `  ${r.note}` : ''}`,
  );
  if (r.note) failures.push(`${r.page} (${r.preset}) ${r.note}`);
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
function median(xs: number[]): number {
  const sorted = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

// Issue 43: the medians of the runs decide, with the machine's load beside them (a shared machine
// moves TBT above all; one run says little).
console.log(`\nmedians of ${runs} run(s):`);
console.log(
  `${'page'.padEnd(12)}${'preset'.padEnd(9)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'best'.padStart(6)}`,
);
const groups = new Map<string, Row[]>();
for (const r of rows)
  groups.set(`${r.page}|${r.preset}`, [...(groups.get(`${r.page}|${r.preset}`) ?? []), r]);
for (const group of groups.values()) {
  const first = group[0] as Row;
  const score = (key: string) => median(group.map((r) => r.scores[key] ?? Number.NaN));
  const value = (key: string) => median(group.map((r) => r.values[key] ?? Number.NaN));
  const loads = group.map((r) => r.load);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `${first.page.padEnd(12)}${first.preset.padEnd(9)}${String(score('performance')).padStart(6)}${String(score('accessibility')).padStart(6)}${String(score('best-practices')).padStart(6)}  FCP ${seconds(value('FCP'))}, LCP ${seconds(value('LCP'))}, TBT ${Math.round(value('TBT'))} ms, CLS ${value('CLS').toFixed(3)}  (load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)})`,
  );
  for (const [key, min] of Object.entries(targets)) {
    const got = score(key);
    if (!(got >= min)) failures.push(`${first.page} (${first.preset}) ${key} median ${got} < ${min}`);
  }
}
if (failures.length) {
  console.error(`\nMISSED:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
