import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

export interface Reconciliation {
  period: string;
  charged: { count: number; cents: number };
  declined: { count: number };
  pending: { count: number };
  paidBack: { count: number; cents: number };
  returned: { count: number; cents: number };
  /** Captured and not (yet) paid back: money Pria owes its customers for this period. */
  outstanding: { count: number; cents: number };
}

/** The period's books: every captured $3 is either paid back or outstanding. */
export async function reconcilePeriod(db: Db, period: string): Promise<Reconciliation> {
  const r = await sql<{
    captured_n: number;
    captured_c: number;
    declined_n: number;
    pending_n: number;
    paid_n: number;
    paid_c: number;
    returned_n: number;
    returned_c: number;
  }>`
    select
      count(*) filter (where a.status = 'captured')::int as captured_n,
      coalesce(sum(a.amount_cents) filter (where a.status = 'captured'), 0)::bigint as captured_c,
      count(*) filter (where a.status = 'declined')::int as declined_n,
      count(*) filter (where a.status in ('created', 'submitted', 'unknown', 'requires_authentication'))::int as pending_n,
      count(*) filter (where p.status = 'paid')::int as paid_n,
      coalesce(sum(p.amount_cents) filter (where p.status = 'paid'), 0)::bigint as paid_c,
      count(*) filter (where p.status = 'returned')::int as returned_n,
      coalesce(sum(p.amount_cents) filter (where p.status = 'returned'), 0)::bigint as returned_c
    from payment_attempts a
    left join payouts p on p.attempt_id = a.id
    where a.kind = 'payin' and a.period = ${period}`.execute(db);
  const x = r.rows[0];
  if (!x) throw new Error('reconciliation query returned nothing');
  return {
    period,
    charged: { count: x.captured_n, cents: Number(x.captured_c) },
    declined: { count: x.declined_n },
    pending: { count: x.pending_n },
    paidBack: { count: x.paid_n, cents: Number(x.paid_c) },
    returned: { count: x.returned_n, cents: Number(x.returned_c) },
    outstanding: { count: x.captured_n - x.paid_n, cents: Number(x.captured_c) - Number(x.paid_c) },
  };
}

/** Reconciliation of the most recent periods that have pay-ins, newest first. */
export async function reconcileRecent(db: Db, periods: number): Promise<Reconciliation[]> {
  const rows = await sql<{ period: string }>`
    select distinct period from payment_attempts where kind = 'payin' order by period desc limit ${periods}`.execute(
    db,
  );
  return Promise.all(rows.rows.map((r) => reconcilePeriod(db, r.period)));
}
