import { spawn } from 'node:child_process';
import { createWriteStream, globSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * `npm run test:e2e` (after the build): the Playwright suite in E2E_SHARDS shards (2 by default)
 * run side by side, each its own `playwright test --shard=i/n` with its own server, embedded
 * PostgreSQL, data directory and log, on ports E2E_PORT + i - 1 and E2E_PG_PORT + i - 1
 * (3100/25391 and 3101/25392 by default; ADR 56: PostgreSQL below 32768, outside the ports the system hands out to outgoing connections, which once took the CyberSource app's 54402 in CI). Every line a shard prints is prefixed with its
 * name, and each shard's whole output is kept in .tmp/e2e-shard-<i>.log. Fails when any shard
 * fails, or when a shard's card-data scan (the chromium project's teardown) did not run and pass.
 *
 * The whole suite is split by time, not by count: each spec file goes to the shard with the least
 * work so far, longest first, by the seconds e2e/durations.json measured (a file it does not name
 * counts as its median), so the shards end together. Every run writes what it measured to
 * .tmp/e2e-durations.json; copy it over e2e/durations.json when the suite has changed shape.
 * Arguments are passed to every shard, which then splits them Playwright's way (`--shard`):
 * `npm run test:e2e -- e2e/admin`.
 */
const shards = Number(process.env.E2E_SHARDS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 3100);
const basePgPort = Number(process.env.E2E_PG_PORT ?? 25391);
if (!Number.isInteger(shards) || shards < 1 || shards > 9) {
  console.error(`E2E_SHARDS must be a whole number from 1 to 9 (got ${process.env.E2E_SHARDS})`);
  process.exit(2);
}
const playwright = createRequire(import.meta.url).resolve('@playwright/test/cli');
const tmp = path.resolve('.tmp');
mkdirSync(tmp, { recursive: true });

/** The spec every shard must have run last, and passed (playwright.config.ts, card-data-scan). */
const SCAN = { project: 'card-data-scan', file: 'customer/zz-no-card-data.spec.ts' };

interface Shard {
  index: number;
  name: string;
  port: number;
  pgPort: number;
  logFile: string;
  reportFile: string;
  /** What this shard's Playwright is told to run: its spec files, or `--shard` and the caller's filter. */
  args: string[];
}

interface Outcome {
  shard: Shard;
  code: number;
  /** The signal that ended the shard's Playwright, when one did (someone else's kill). */
  signal: NodeJS.Signals | null;
  seconds: number;
}

function runShard(shard: Shard, args: string[]): Promise<Outcome> {
  rmSync(shard.reportFile, { force: true });
  const started = Date.now();
  const log = createWriteStream(shard.logFile);
  const child = spawn(process.execPath, [playwright, 'test', '--reporter=list,json', ...args], {
    env: {
      ...process.env,
      E2E_PORT: String(shard.port),
      E2E_PG_PORT: String(shard.pgPort),
      PLAYWRIGHT_JSON_OUTPUT_FILE: shard.reportFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      process.stdout.write(`[${shard.name}] ${line}\n`);
    });
  }
  // Stopped, each shard is stopped as Ctrl-C stops Playwright (SIGINT): it ends its server and
  // that server's PostgreSQL on the way out, which a SIGTERM would leave running.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill('SIGINT'));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      log.end();
      resolve({ shard, code: code ?? 1, signal, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** Playwright's JSON report, the parts read here. */
interface ReportSuite {
  file: string;
  specs: {
    title: string;
    tests: { projectName: string; status: string; results?: { duration: number }[] }[];
  }[];
  suites?: ReportSuite[];
}
interface Report {
  suites: ReportSuite[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

function readReport(file: string): Report | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Report;
  } catch {
    return undefined;
  }
}

function testsOf(suites: ReportSuite[]): { file: string; title: string; project: string; status: string }[] {
  return suites.flatMap((s) => [
    ...s.specs.flatMap((spec) =>
      spec.tests.map((t) => ({ file: s.file, title: spec.title, project: t.projectName, status: t.status })),
    ),
    ...testsOf(s.suites ?? []),
  ]);
}

const E2E_DIR = 'e2e';
const DURATIONS_FILE = path.join(E2E_DIR, 'durations.json');

/** The spec files of the chromium project (paths under e2e/), the scan left to each shard's teardown. */
function specFiles(): string[] {
  return globSync('**/*.spec.ts', { cwd: E2E_DIR })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f !== SCAN.file)
    .sort();
}

/**
 * Longest first, each file to the shard with the least work so far (LPT): within 4/3 of the best
 * split, and as good as exact when no file is near a shard's share.
 */
function splitByTime(files: string[], seconds: Record<string, number>, count: number): string[][] {
  const known = files.map((f) => seconds[f]).filter((s): s is number => typeof s === 'number');
  const median = known.length ? (known.sort((a, b) => a - b)[Math.floor(known.length / 2)] as number) : 1;
  const cost = (f: string) => seconds[f] ?? median;
  const loads = Array.from({ length: count }, () => ({ seconds: 0, files: [] as string[] }));
  for (const file of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const least = loads.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    least.seconds += cost(file);
    least.files.push(file);
  }
  return loads.map((l) => l.files.sort());
}

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

const args = process.argv.slice(2);
const split = args.length ? undefined : splitByTime(specFiles(), readDurations(), shards);
/** Each test's time (every attempt), by file and project. */
function durationsOf(suites: ReportSuite[]): { file: string; project: string; seconds: number }[] {
  return suites.flatMap((s) => [
    ...s.specs.flatMap((spec) =>
      spec.tests.map((t) => ({
        file: s.file,
        project: t.projectName,
        seconds: (t.results ?? []).reduce((sum, r) => sum + r.duration, 0) / 1000,
      })),
    ),
    ...durationsOf(s.suites ?? []),
  ]);
}

const list: Shard[] = Array.from({ length: shards }, (_, i) => ({
  index: i + 1,
  name: `e2e ${i + 1}/${shards}`,
  port: basePort + i,
  pgPort: basePgPort + i,
  logFile: path.join(tmp, `e2e-shard-${i + 1}.log`),
  reportFile: path.join(tmp, `e2e-shard-${i + 1}.json`),
  args: split
    ? (split[i] as string[]).map((f) => `${E2E_DIR}/${f}`)
    : [`--shard=${i + 1}/${shards}`, ...args],
}))
  // More shards than files: a shard given no file would run them all.
  .filter((s) => s.args.length > 0);
if (split) {
  const seconds = readDurations();
  for (const s of list) {
    const files = s.args.map((a) => a.slice(E2E_DIR.length + 1));
    const expected = files.reduce((sum, f) => sum + (seconds[f] ?? 0), 0);
    console.log(`${s.name}: ${files.length} spec files, about ${expected} s of tests by ${DURATIONS_FILE}`);
  }
}
const outcomes = await Promise.all(list.map((s) => runShard(s, s.args)));

const problems: string[] = [];
const totals = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
console.log('\n== end-to-end shards');
for (const { shard, code, signal, seconds } of outcomes) {
  const report = readReport(shard.reportFile);
  const where = `ports ${shard.port}/${shard.pgPort}, output in ${path.relative('.', shard.logFile)}`;
  const ended = signal ? `killed by ${signal}` : `exit ${code}`;
  if (!report) {
    problems.push(`${shard.name}: no report (${ended}); ${where}`);
    console.log(`${shard.name}: ${ended} after ${seconds.toFixed(0)} s, no report; ${where}`);
    continue;
  }
  const { expected, unexpected, flaky, skipped } = report.stats;
  totals.passed += expected;
  totals.failed += unexpected;
  totals.flaky += flaky;
  totals.skipped += skipped;
  console.log(
    `${shard.name}: ${ended} after ${seconds.toFixed(0)} s: ${expected} passed, ${unexpected} failed` +
      `${flaky ? `, ${flaky} flaky` : ''}${skipped ? `, ${skipped} skipped` : ''}; ${where}`,
  );
  const tests = testsOf(report.suites);
  for (const t of tests.filter((x) => x.status === 'unexpected' || x.status === 'flaky'))
    console.log(`  ${t.status === 'flaky' ? 'flaky' : 'FAILED'}: [${t.project}] ${t.file} > ${t.title}`);
  if (code !== 0) problems.push(`${shard.name}: ${ended}`);
  // The scan must follow this shard's other specs: a shard that ran none needs no scan.
  const ranOthers = tests.some((t) => t.project !== SCAN.project && t.status !== 'skipped');
  const scans = tests.filter((t) => t.project === SCAN.project && t.file === SCAN.file);
  if (ranOthers && (!scans.length || scans.some((t) => t.status !== 'expected')))
    problems.push(
      `${shard.name}: the card-data scan (${SCAN.file}) ${scans.length ? 'did not pass' : 'did not run'} after its specs`,
    );
}
// What each spec file took this run, for the next split (copy over e2e/durations.json).
const measured: Record<string, number> = {};
for (const { shard } of outcomes)
  for (const t of durationsOf(readReport(shard.reportFile)?.suites ?? []))
    if (t.project !== SCAN.project) measured[t.file] = (measured[t.file] ?? 0) + t.seconds;
const rounded = Object.fromEntries(
  Object.entries(measured)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([f, s]) => [f, Math.round(s)]),
);
writeFileSync(path.join(tmp, 'e2e-durations.json'), `${JSON.stringify(rounded, null, 2)}\n`);
for (const p of problems) console.log(`FAILED: ${p}`);
// The closing line, summed over the shards.
console.log(
  `e2e: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(problems.length ? 1 : 0);
