import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

export interface Reconciliation {
  period: string;
  charged: { count: number; cents: number };
  declined: { count: number };
  /** Never sent: the period's window closed while Pria was unavailable (ours, not a decline). */
  missed: { count: number };
  /** Sent and not answered yet (in doubt, being looked up). */
  pending: { count: number };
  paidBack: { count: number; cents: number };
  /** Pay-backs that failed a try and wait for the next one (the tick's back-off). */
  retrying: { count: number; cents: number };
  /** Pay-backs the card could not take (closed account): with staff. */
  returned: { count: number; cents: number };
  /** Captured and not (yet) paid back: money Pria owes its customers for this period. */
  outstanding: { count: number; cents: number };
}

type Totals = {
  period: string;
  captured_n: number;
  captured_c: number;
  declined_n: number;
  missed_n: number;
  pending_n: number;
  paid_n: number;
  paid_c: number;
  retrying_n: number;
  retrying_c: number;
  returned_n: number;
  returned_c: number;
};

/** The books of the given periods in one pass over their pay-ins (and their payouts). */
async function totals(db: Db, periods: readonly string[]): Promise<Reconciliation[]> {
  if (periods.length === 0) return [];
  const r = await sql<Totals>`
    select a.period,
      count(*) filter (where a.status = 'captured')::int as captured_n,
      coalesce(sum(a.amount_cents) filter (where a.status = 'captured'), 0)::bigint as captured_c,
      count(*) filter (where a.status = 'declined')::int as declined_n,
      count(*) filter (where a.status = 'missed')::int as missed_n,
      count(*) filter (where a.status in ('created', 'submitted', 'unknown', 'requires_authentication'))::int as pending_n,
      count(*) filter (where p.status = 'paid')::int as paid_n,
      coalesce(sum(p.amount_cents) filter (where p.status = 'paid'), 0)::bigint as paid_c,
      count(*) filter (where p.status = 'failed')::int as retrying_n,
      coalesce(sum(p.amount_cents) filter (where p.status = 'failed'), 0)::bigint as retrying_c,
      count(*) filter (where p.status = 'returned')::int as returned_n,
      coalesce(sum(p.amount_cents) filter (where p.status = 'returned'), 0)::bigint as returned_c
    from payment_attempts a
    left join payouts p on p.attempt_id = a.id
    where a.kind = 'payin' and a.period in (${sql.join(periods)})
    group by a.period`.execute(db);
  const byPeriod = new Map(r.rows.map((x) => [x.period, x]));
  return periods.map((period) => {
    const x = byPeriod.get(period);
    const n = (v: number | undefined) => Number(v ?? 0);
    return {
      period,
      charged: { count: n(x?.captured_n), cents: n(x?.captured_c) },
      declined: { count: n(x?.declined_n) },
      missed: { count: n(x?.missed_n) },
      pending: { count: n(x?.pending_n) },
      paidBack: { count: n(x?.paid_n), cents: n(x?.paid_c) },
      retrying: { count: n(x?.retrying_n), cents: n(x?.retrying_c) },
      returned: { count: n(x?.returned_n), cents: n(x?.returned_c) },
      outstanding: { count: n(x?.captured_n) - n(x?.paid_n), cents: n(x?.captured_c) - n(x?.paid_c) },
    };
  });
}

/** The period's books: every captured $3 is either paid back or outstanding. */
export async function reconcilePeriod(db: Db, period: string): Promise<Reconciliation> {
  const [r] = await totals(db, [period]);
  if (!r) throw new Error('reconciliation returned nothing');
  return r;
}

/** Reconciliation of the most recent periods that have pay-ins, newest first. */
export async function reconcileRecent(db: Db, periods: number): Promise<Reconciliation[]> {
  // Distinct periods via the (kind, period) index, newest first.
  const rows = await sql<{ period: string }>`
    with recursive p as (
      (select period from payment_attempts where kind = 'payin' order by period desc limit 1)
      union all
      select (select period from payment_attempts where kind = 'payin' and period < p.period order by period desc limit 1)
      from p where p.period is not null
    )
    select period from p where period is not null limit ${periods}`.execute(db);
  return totals(
    db,
    rows.rows.map((r) => r.period),
  );
}
