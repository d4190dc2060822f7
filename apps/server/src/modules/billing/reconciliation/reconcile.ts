import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import type { AttemptStatus } from '../../../platform/db-schema.ts';
import { ATTEMPT_UNRESOLVED, DISPUTE_RETURNS_CHARGE, statusIn } from '../../../platform/money-status-sets.ts';

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
  /** Charges the cardholder disputed (open or lost): `withheld` and `lost` together. */
  disputed: { count: number; cents: number };
  /** Disputed before their pay-back was sent: it is withheld (the bank returns the $3 instead). */
  withheld: { count: number; cents: number };
  /** Disputed after their pay-back was sent, and not won: Pria paid the $3 twice. */
  lost: { count: number; cents: number };
  /**
   * Refunds (gone through) of the period's $3 charges, by the ledger's link from refund to charge.
   * A plan charge's refund is not in any $3 period's books: its charge paid a plan period.
   */
  refunded: { count: number; cents: number };
  /** Captured and not (yet) paid back: money Pria owes its customers for this period. */
  outstanding: { count: number; cents: number };
}

/**
 * A disputed charge's side of the books, the one definition every figure reads (as the disputes
 * list's `disputePayback` does): a dispute counts while open or once lost (won, the charge stands);
 * its pay-back was withheld if it had not been sent when the dispute opened (`payback_sent`, fixed
 * then), else Pria paid the $3 and the bank returns it too ("lost"). Read over a dispute row `d`.
 */
const disputeCounts = statusIn('d.status', DISPUTE_RETURNS_CHARGE);
const paybackWithheld = sql`${disputeCounts} and not d.payback_sent`;
const paidTwice = sql`${disputeCounts} and d.payback_sent`;

/**
 * What went back to the card of each charge (of those `charges` picks) through refunds that went
 * through: the one definition the period's figures and the export's lines both read (ADR 37).
 */
const refundedByCharge = (charges: RawBuilder<unknown>) => sql`(
  select attempt_id, sum(amount_cents)::bigint as cents from refunds
  where status = 'refunded' and ${charges} group by attempt_id)`;

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
  disputed_n: number;
  disputed_c: number;
  lost_n: number;
  lost_c: number;
  withheld_n: number;
  withheld_c: number;
};

/**
 * The books of the given periods in one pass over their pay-ins (and their payouts): the
 * recomputation from the money rows themselves, for `billing:reconcile --from-rows` and the test
 * that holds the roll-ups to it.
 */
export async function totalsFromRows(db: Db, periods: readonly string[]): Promise<Reconciliation[]> {
  if (periods.length === 0) return [];
  const r = await sql<Totals>`
    select a.period,
      count(*) filter (where a.status = 'captured')::int as captured_n,
      coalesce(sum(a.amount_cents) filter (where a.status = 'captured'), 0)::bigint as captured_c,
      count(*) filter (where a.status = 'declined')::int as declined_n,
      count(*) filter (where a.status = 'missed')::int as missed_n,
      count(*) filter (where ${statusIn('a.status', ATTEMPT_UNRESOLVED)})::int as pending_n,
      count(*) filter (where p.status = 'paid')::int as paid_n,
      coalesce(sum(p.amount_cents) filter (where p.status = 'paid'), 0)::bigint as paid_c,
      count(*) filter (where p.status = 'failed')::int as retrying_n,
      coalesce(sum(p.amount_cents) filter (where p.status = 'failed'), 0)::bigint as retrying_c,
      count(*) filter (where p.status = 'returned')::int as returned_n,
      coalesce(sum(p.amount_cents) filter (where p.status = 'returned'), 0)::bigint as returned_c,
      count(*) filter (where ${disputeCounts})::int as disputed_n,
      coalesce(sum(a.amount_cents) filter (where ${disputeCounts}), 0)::bigint as disputed_c,
      count(*) filter (where ${paidTwice})::int as lost_n,
      coalesce(sum(a.amount_cents) filter (where ${paidTwice}), 0)::bigint as lost_c,
      count(*) filter (where ${paybackWithheld})::int as withheld_n,
      coalesce(sum(a.amount_cents) filter (where ${paybackWithheld}), 0)::bigint as withheld_c
    from payment_attempts a
    left join payouts p on p.attempt_id = a.id
    left join lateral (select status, payback_sent from disputes d where d.attempt_id = a.id
                       order by d.opened_at desc limit 1) d on true
    where a.kind = 'payin' and a.period in (${sql.join(periods)})
    group by a.period`.execute(db);
  return assemble(db, periods, r.rows);
}

/**
 * The same books from the monthly roll-ups (migration 0026) plus the period's disputes (few):
 * what the admin home and the API read, in milliseconds at a million attempts.
 */
async function totals(db: Db, periods: readonly string[]): Promise<Reconciliation[]> {
  if (periods.length === 0) return [];
  const list = sql.join(periods);
  const [attempts, payouts, disputes] = await Promise.all([
    sql<{ period: string; status: AttemptStatus; n: string; cents: string }>`
      select period, status, sum(n)::bigint as n, sum(cents)::bigint as cents from attempt_rollups
      where kind = 'payin' and period in (${list}) group by 1, 2`.execute(db),
    sql<{ period: string; status: string; n: string; cents: string }>`
      select period, status, sum(n)::bigint as n, sum(cents)::bigint as cents from payout_rollups
      where period in (${list}) group by 1, 2`.execute(db),
    sql<
      Pick<Totals, 'period' | 'disputed_n' | 'disputed_c' | 'lost_n' | 'lost_c' | 'withheld_n' | 'withheld_c'>
    >`
      select a.period,
        count(*)::int as disputed_n, sum(a.amount_cents)::bigint as disputed_c,
        count(*) filter (where ${paidTwice})::int as lost_n,
        coalesce(sum(a.amount_cents) filter (where ${paidTwice}), 0)::bigint as lost_c,
        count(*) filter (where ${paybackWithheld})::int as withheld_n,
        coalesce(sum(a.amount_cents) filter (where ${paybackWithheld}), 0)::bigint as withheld_c
      from (select distinct on (attempt_id) attempt_id, status, payback_sent from disputes
            order by attempt_id, opened_at desc) d
      join payment_attempts a on a.id = d.attempt_id
      where ${disputeCounts} and a.kind = 'payin' and a.period in (${list})
      group by a.period`.execute(db),
  ]);
  const rows = new Map<string, Totals>();
  const row = (period: string): Totals => {
    let t = rows.get(period);
    if (!t) {
      t = {
        period,
        captured_n: 0,
        captured_c: 0,
        declined_n: 0,
        missed_n: 0,
        pending_n: 0,
        paid_n: 0,
        paid_c: 0,
        retrying_n: 0,
        retrying_c: 0,
        returned_n: 0,
        returned_c: 0,
        disputed_n: 0,
        disputed_c: 0,
        lost_n: 0,
        lost_c: 0,
        withheld_n: 0,
        withheld_c: 0,
      };
      rows.set(period, t);
    }
    return t;
  };
  for (const a of attempts.rows) {
    const t = row(a.period);
    const n = Number(a.n);
    const c = Number(a.cents);
    if (a.status === 'captured') {
      t.captured_n += n;
      t.captured_c += c;
    } else if (a.status === 'declined') t.declined_n += n;
    else if (a.status === 'missed') t.missed_n += n;
    else if (ATTEMPT_UNRESOLVED.includes(a.status)) t.pending_n += n;
  }
  for (const p of payouts.rows) {
    const t = row(p.period);
    const n = Number(p.n);
    const c = Number(p.cents);
    if (p.status === 'paid') {
      t.paid_n += n;
      t.paid_c += c;
    } else if (p.status === 'failed') {
      t.retrying_n += n;
      t.retrying_c += c;
    } else if (p.status === 'returned') {
      t.returned_n += n;
      t.returned_c += c;
    }
  }
  for (const d of disputes.rows) Object.assign(row(d.period), { ...d, period: d.period });
  return assemble(db, periods, [...rows.values()]);
}

async function assemble(db: Db, periods: readonly string[], totalsRows: Totals[]): Promise<Reconciliation[]> {
  // Refunds of the periods' $3 charges: each refunded charge counted once, with what went back.
  const refunds = await sql<{ period: string; n: number; c: number }>`
    select a.period, count(*)::int as n, sum(f.cents)::bigint as c
    from ${refundedByCharge(sql`true`)} f join payment_attempts a on a.id = f.attempt_id
    where a.kind = 'payin' and a.period in (${sql.join(periods)})
    group by 1`.execute(db);
  const refundsBy = new Map(refunds.rows.map((x) => [x.period, x]));
  const byPeriod = new Map(totalsRows.map((x) => [x.period, x]));
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
      disputed: { count: n(x?.disputed_n), cents: n(x?.disputed_c) },
      withheld: { count: n(x?.withheld_n), cents: n(x?.withheld_c) },
      lost: { count: n(x?.lost_n), cents: n(x?.lost_c) },
      refunded: { count: n(refundsBy.get(period)?.n), cents: n(refundsBy.get(period)?.c) },
      // Owed: captured, not paid back, and not withheld for a dispute (the bank returns those).
      // charged = paid back + withheld + outstanding, to the cent (a pay-back sent before its
      // charge was disputed is in "paid back" once it lands, and owed until then).
      outstanding: {
        count: n(x?.captured_n) - n(x?.paid_n) - n(x?.withheld_n),
        cents: n(x?.captured_c) - n(x?.paid_c) - n(x?.withheld_c),
      },
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
  // The periods with pay-ins, newest first, from the roll-ups' key.
  const rows = await sql<{ period: string }>`
    select distinct period from attempt_rollups where kind = 'payin' and n > 0
    order by period desc limit ${periods}`.execute(db);
  return totals(
    db,
    rows.rows.map((r) => r.period),
  );
}

/** One pay-in of a period with what became of it: the reconciliation export's line. */
export interface ReconciliationLine {
  id: string;
  reference: string;
  customer_id: string;
  email: string | null;
  created_at: Date;
  /** When the card was charged, and when it was paid back (the engine's clock). */
  sent_at: Date | null;
  paid_at: Date | null;
  status: string;
  amount_cents: number;
  payout_status: string | null;
  payout_cents: number | null;
  /** Refunded of this charge (refunds gone through), null when none. */
  refunded_cents: number | null;
  dispute_status: string | null;
  payback_sent: boolean | null;
}

/**
 * A period's pay-ins in id order, strictly after `afterId`, `limit` at a time (the CSV export's
 * keyset walk, bounded memory); each with its pay-back, its refunds and latest dispute, as in
 * `totals`.
 */
export async function reconciliationLinesBatch(
  db: Db,
  period: string,
  afterId: string | null,
  limit: number,
): Promise<ReconciliationLine[]> {
  const r = await sql<ReconciliationLine>`
    select a.id, a.reference, a.customer_id, cu.email, a.created_at, a.sent_at, p.paid_at, a.status, a.amount_cents,
           p.status as payout_status, p.amount_cents as payout_cents, f.cents as refunded_cents,
           d.status as dispute_status, d.payback_sent
    from payment_attempts a
    join customers cu on cu.id = a.customer_id
    left join payouts p on p.attempt_id = a.id
    -- Per line, by the refunds' charge index (an export walks a million lines).
    left join lateral ${refundedByCharge(sql`attempt_id = a.id`)} f on true
    left join lateral (select status, payback_sent from disputes d where d.attempt_id = a.id
                       order by d.opened_at desc limit 1) d on true
    where a.kind = 'payin' and a.period = ${period} ${afterId ? sql`and a.id > ${afterId}::uuid` : sql``}
    order by a.id
    limit ${limit}`.execute(db);
  return r.rows;
}
