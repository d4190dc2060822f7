import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../../platform/db.ts';
import { latestDuePayin, latestDuePayout, payinDueAt, payoutDueAt } from '../billing-schedule.ts';
import { reconcileRecent } from './reconcile.ts';

/** A run still not completed this long after its due instant is an incident. */
export const RUN_GRACE_MS = 60 * 60 * 1000;
/** A pay-back still owed this long after its instant (the 2nd, 4pm New York) is an incident. */
export const PAYBACK_GRACE_MS = 24 * 60 * 60 * 1000;

export interface OperationalAlerts {
  /** Pay-in and payout runs not completed an hour after they were due. */
  overdueRuns: { kind: 'payin' | 'payout'; period: string; dueAt: string }[];
  /** Captures still not paid back a day after their pay-back instant (not withheld for a dispute). */
  outstandingPaybacks: { count: number; cents: number };
  /** Chargebacks the processor reported and nobody has decided yet. */
  openDisputes: number;
}

/**
 * The conditions the alerting rules (deploy/prometheus/alerts.yml) and the admin home's banners
 * share, computed from the database as of `now`, cheaply (run rows, roll-ups, open disputes).
 */
export async function operationalAlerts(db: Db, now: Date): Promise<OperationalAlerts> {
  const payin = latestDuePayin(now);
  const payout = latestDuePayout(now);
  const [runs, books, disputes] = await Promise.all([
    sql<{ kind: 'payin' | 'payout'; period: string; status: string }>`
      select kind, period, status from billing_runs
      where kind in ('payin', 'payout') and (status = 'running' or (kind, period) in (('payin', ${payin}), ('payout', ${payout})))`.execute(
      db,
    ),
    reconcileRecent(db, 4),
    sql<{ n: number }>`select count(*)::int as n from disputes where status = 'open'`.execute(db),
  ]);
  const dueAt = (kind: 'payin' | 'payout', period: string) =>
    kind === 'payin' ? payinDueAt(period) : payoutDueAt(period);
  const late = (kind: 'payin' | 'payout', period: string) =>
    now.getTime() - dueAt(kind, period).getTime() > RUN_GRACE_MS;
  const overdue = new Map<string, { kind: 'payin' | 'payout'; period: string; dueAt: string }>();
  for (const r of runs.rows) {
    if (r.status === 'running' && late(r.kind, r.period))
      overdue.set(`${r.kind}:${r.period}`, {
        kind: r.kind,
        period: r.period,
        dueAt: dueAt(r.kind, r.period).toISOString(),
      });
  }
  // The latest pay-in never started although its window is open: the tick is not running.
  const started = new Set(runs.rows.map((r) => `${r.kind}:${r.period}`));
  if (!started.has(`payin:${payin}`) && late('payin', payin) && now < payoutDueAt(payin)) {
    overdue.set(`payin:${payin}`, { kind: 'payin', period: payin, dueAt: payinDueAt(payin).toISOString() });
  }
  const owed = books.filter((b) => now.getTime() - payoutDueAt(b.period).getTime() > PAYBACK_GRACE_MS);
  return {
    overdueRuns: [...overdue.values()].sort((a, b) => a.dueAt.localeCompare(b.dueAt)),
    outstandingPaybacks: {
      count: owed.reduce((s, b) => s + Math.max(0, b.outstanding.count), 0),
      cents: owed.reduce((s, b) => s + Math.max(0, b.outstanding.cents), 0),
    },
    openDisputes: disputes.rows[0]?.n ?? 0,
  };
}

/**
 * The same conditions as Prometheus gauges, read on scrape: pria_billing_runs_overdue{kind},
 * pria_paybacks_outstanding (after their day), pria_disputes_open.
 */
export function registerOperationalGauges(registry: Registry, db: Db, now: () => Date) {
  // One computation per scrape, shared by the three gauges (collected together): the promise is
  // kept only while it is pending.
  let pending: Promise<OperationalAlerts | null> | null = null;
  const current = () => {
    pending ??= operationalAlerts(db, now())
      .catch(() => null)
      .finally(() => {
        pending = null;
      });
    return pending;
  };
  new Gauge({
    name: 'pria_billing_runs_overdue',
    help: 'Pay-in and payout runs not completed an hour after their due instant, by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const a = await current();
      this.set({ kind: 'payin' }, a?.overdueRuns.filter((r) => r.kind === 'payin').length ?? 0);
      this.set({ kind: 'payout' }, a?.overdueRuns.filter((r) => r.kind === 'payout').length ?? 0);
    },
  });
  new Gauge({
    name: 'pria_paybacks_outstanding',
    help: 'Captured $3 charges not paid back a day after their pay-back instant (disputed ones excluded)',
    registers: [registry],
    async collect() {
      this.set((await current())?.outstandingPaybacks.count ?? 0);
    },
  });
  new Gauge({
    name: 'pria_disputes_open',
    help: 'Chargebacks reported by the processor and not decided yet',
    registers: [registry],
    async collect() {
      this.set((await current())?.openDisputes ?? 0);
    },
  });
}
