import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fixedClock } from '../platform/clock.ts';
import { signedInUser } from '../test/customers.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

/**
 * The alerting rules shipped in deploy/prometheus/alerts.yml (issue 16 §7): well-formed, naming
 * only metrics the app exports, and the gauges behind them move when their condition holds.
 */
interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string };
}
const file = parse(
  readFileSync(new URL('../../../../deploy/prometheus/alerts.yml', import.meta.url), 'utf8'),
) as {
  groups: { name: string; rules: Rule[] }[];
};
const rules = file.groups.flatMap((g) => g.rules);
const clock = fixedClock('2031-01-10T15:00:00Z');
let t: TestApp;

const scrape = async () => (await fetch(`${t.url}/metrics`)).text();
const gauge = (text: string, series: string) =>
  Number(
    new RegExp(`^${series.replace(/[{}"]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN,
  );

beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(() => t?.stop());

describe('alerting rules', () => {
  it('are well-formed: a group name, and per rule a name, an expression, a severity and a summary', () => {
    expect(file.groups.length).toBeGreaterThan(0);
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
    for (const r of rules) {
      expect(r.alert, JSON.stringify(r)).toMatch(/^Pria[A-Za-z]+$/);
      expect(r.expr.trim().length, r.alert).toBeGreaterThan(0);
      expect(['page', 'ticket'], r.alert).toContain(r.labels.severity);
      expect(r.annotations.summary.length, r.alert).toBeGreaterThan(0);
      if (r.for) expect(r.for, r.alert).toMatch(/^\d+[smh]$/);
    }
    // The conditions the issue lists, each covered.
    const all = rules.map((r) => r.expr).join('\n');
    for (const metric of [
      'pria_billing_runs_overdue',
      'pria_paybacks_outstanding',
      'pria_gateway_call_seconds_count',
      'pria_outbox_backlog',
      'pria_disputes_open',
    ]) {
      expect(all).toContain(metric);
    }
  });

  it('name only metrics the app exports on /metrics', async () => {
    const text = await scrape();
    const names = new Set(rules.flatMap((r) => r.expr.match(/\bpria_[a-z_]+/g) ?? []));
    expect(names.size).toBeGreaterThan(4);
    for (const name of names) {
      const base = name.replace(/_(count|sum|bucket)$/, '');
      expect(text, name).toContain(`# TYPE ${base} `);
    }
  });

  it('the gauges behind them move with their conditions, and the admin home says the same', async () => {
    let text = await scrape();
    expect(gauge(text, 'pria_billing_runs_overdue{kind="payin"}')).toBe(0);
    expect(gauge(text, 'pria_disputes_open')).toBe(0);

    // December's pay-in (due Dec 28, 4pm New York) started and never completed.
    await sql`insert into billing_runs (kind, period, status, as_of, started_by)
              values ('payin', '2030-12', 'running', '2030-12-28T21:00:00Z', 'test')`.execute(t.db);
    text = await scrape();
    expect(gauge(text, 'pria_billing_runs_overdue{kind="payin"}')).toBe(1);
    expect(gauge(text, 'pria_billing_runs_overdue{kind="payout"}')).toBe(0);

    const admin = await signedInUser(t, 'alerts-admin@example.com', ['admin']);
    const home = await admin.get('/api/v1/admin/metrics');
    expect(home.status).toBe(200);
    expect(home.body.data.attention.overdueRuns).toEqual([
      { kind: 'payin', period: '2030-12', dueAt: '2030-12-28T21:00:00.000Z' },
    ]);
    expect(home.body.data.attention.openDisputes).toBe(0);
    expect(home.body.data.attention.outstandingPaybacks).toEqual({ count: 0, cents: 0 });

    // Completed: the alert clears.
    await sql`update billing_runs set status = 'completed', finished_at = now() where period = '2030-12'`.execute(
      t.db,
    );
    expect(gauge(await scrape(), 'pria_billing_runs_overdue{kind="payin"}')).toBe(0);
  });
});
