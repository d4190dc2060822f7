import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One calendar by construction (ADR 50): outside calendar.ts no source writes a date for people
 * by another road — the browser's zone (toLocaleDateString, getDate, dayjs's format), a formatter
 * of its own (Intl.DateTimeFormat, luxon's toFormat) or the zone's name spelt again. Each hit
 * names the file, the line and the road, so the fix is to call @pria/contracts' calendar.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Rule {
  road: string;
  pattern: RegExp;
}

const everywhere: Rule[] = [
  {
    road: 'toLocaleDateString / toLocaleTimeString / toLocaleString',
    pattern: /\.toLocale(Date|Time)?String\(/,
  },
  { road: 'a formatter of its own (Intl.DateTimeFormat)', pattern: /Intl\.DateTimeFormat/ },
  { road: "the zone's name spelt again (use NEW_YORK)", pattern: /America\/New_York/ },
];

const web: Rule[] = [
  ...everywhere,
  // Mantine's date pickers keep dayjs inside; the app's own code does not format with it.
  {
    road: 'a date library (dayjs, luxon, date-fns, moment)',
    pattern: /from '(dayjs|luxon|date-fns|moment)(\/[^']*)?'/,
  },
  {
    road: "the browser's zone (local getters and setters: getDate, setHours…)",
    pattern: /\.(get|set)(FullYear|Month|Date|Day|Hours|Minutes)\(/,
  },
  { road: 'a time zone option of its own', pattern: /timeZone:/ },
];

const server: Rule[] = [
  ...everywhere,
  // luxon stays for the schedule's arithmetic; 'yyyy-MM' (a period key) is its only format.
  { road: "luxon's toFormat for words", pattern: /\.toFormat\((?!'yyyy-MM'\))/ },
  { road: 'a UTC day (toISOString().slice(0, 10))', pattern: /toISOString\(\)\.slice\(0, 10\)/ },
  { road: 'an HTTP date (toUTCString)', pattern: /\.toUTCString\(/ },
];

/** Files that must say a date another way, and why. */
const allowed: Record<string, string> = {
  // CyberSource's HTTP signature signs the request's Date header, which HTTP writes in GMT.
  'apps/server/src/gateways/payments/cybersource/cybersource-signer.ts': 'HTTP Date header',
  // The API fuzzer's generated query values: a date parameter, not a date anyone reads.
  'apps/server/src/proof/openapi-arbitraries.ts': 'generated API input',
  // A signed-in frame's plain script makes one formatter in the zone build/prerender.ts writes
  // (data-zone, NEW_YORK) before the bundle loads, so the engine has the zone's data: it writes nothing.
  'apps/web/public/early-data.js': "warms the zone's data",
};

function sources(dir: string, kind = /\.tsx?$/): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => kind.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f).split(path.sep).join('/'))
    .filter((f) => !f.includes('/test/') && !f.includes('/migrations/') && !(f in allowed));
}

function offences(files: string[], rules: Rule[]): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        rules.filter((r) => r.pattern.test(line)).map((r) => `${file}:${i + 1}: ${r.road}: ${line.trim()}`),
      ),
  );
}

describe('dates reach people only through the calendar', () => {
  it('in the web app', () => {
    const files = sources('apps/web/src');
    expect(files.length).toBeGreaterThan(100);
    expect(offences(files, web)).toEqual([]);
    // The plain scripts a page loads before the bundle (public/*.js) too.
    expect(offences(sources('apps/web/public', /\.js$/), web)).toEqual([]);
  });

  it('on the server: emails, SMS, push, PDFs and CSV', () => {
    const files = sources('apps/server/src');
    expect(files.length).toBeGreaterThan(100);
    expect(offences(files, server)).toEqual([]);
  });

  it('catches each road it names', () => {
    const probe = [
      'row.at.toLocaleDateString()',
      "new Intl.DateTimeFormat('en-US')",
      "'America/New_York'",
      "import dayjs from 'dayjs';",
      'start.setHours(0, 0, 0, 0)',
      "{ timeZone: 'UTC' }",
    ];
    for (const line of probe)
      expect(
        web.some((r) => r.pattern.test(line)),
        line,
      ).toBe(true);
    expect(server.some((r) => r.pattern.test("d.toFormat('LLLL d, yyyy')"))).toBe(true);
    expect(server.some((r) => r.pattern.test("d.toFormat('yyyy-MM')"))).toBe(false);
    expect(web.some((r) => r.pattern.test('d.getUTCDate()'))).toBe(false);
  });
});
