import type { AdminMetrics } from '@pria/contracts';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { Db } from '../../platform/db.ts';
import { countPayoutsNeedingAttention, reconcileRecent } from '../billing/index.ts';

const NEW_YORK = 'America/New_York';
const MONTHS = 12;
const RECONCILED_PERIODS = 6;

/**
 * The admin home: real counts, 12 New York months of money and declines, and the books of the
 * last 6 pay-in periods. Months are calendar months in America/New_York (the schedule's zone),
 * so a charge at 23:30 New York time on the 31st counts in that month, not the next.
 */
export async function adminMetrics(db: Db, now: Date): Promise<AdminMetrics> {
  const [totals, months, reconciliation, attention] = await Promise.all([
    sql<{ users: number; subscribers: number; cards: number; attempts: number; payouts: number }>`
      select
        -- Customers, charges and pay-backs from the trigger-kept counters (migration 0012).
        (select n from row_counts where name = 'customers:active')::int as users,
        (select count(*) from subscriptions
          where status = 'active' and is_enabled and (expires_at is null or expires_at > ${now}))::int as subscribers,
        (select count(*) from cards where removed_at is null)::int as cards,
        (select sum(n) from row_counts where name like 'payment_attempts:%')::int as attempts,
        (select n from row_counts where name = 'payouts')::int as payouts`.execute(db),
    monthSeries(db, now),
    reconcileRecent(db, RECONCILED_PERIODS),
    countPayoutsNeedingAttention(db),
  ]);
  const t = totals.rows[0];
  return {
    totalUsers: t?.users ?? 0,
    subscribers: t?.subscribers ?? 0,
    cards: t?.cards ?? 0,
    transactions: (t?.attempts ?? 0) + (t?.payouts ?? 0),
    months,
    reconciliation,
    attention: { delayedPaybacks: attention.delayed, returnedPaybacks: attention.returned },
  };
}

/** The last MONTHS New York calendar months, oldest first, as instants. */
function monthBounds(now: Date) {
  const current = DateTime.fromJSDate(now, { zone: NEW_YORK }).startOf('month');
  return Array.from({ length: MONTHS }, (_, i) => {
    const start = current.minus({ months: MONTHS - 1 - i });
    return {
      month: start.toFormat('yyyy-MM'),
      starts: start.toJSDate(),
      ends: start.plus({ months: 1 }).toJSDate(),
    };
  });
}

async function monthSeries(db: Db, now: Date): Promise<AdminMetrics['months']> {
  const bounds = monthBounds(now);
  // NOTE: each month is a range scan of the (created_at) and (paid_at) indexes; grouping by a
  // per-row time-zone conversion instead costs seconds at a million rows.
  const values = sql.join(
    bounds.map((b) => sql`(${b.month}, ${b.starts}::timestamptz, ${b.ends}::timestamptz)`),
  );
  const money = await sql<{
    month: string;
    charged: number;
    subscription_charged: number;
    paid_back: number;
    captured: number;
    declined: number;
  }>`
    select b.month, c.charged, c.subscription_charged, p.paid_back, c.captured, c.declined
    from (values ${values}) as b(month, starts, ends)
    cross join lateral (
      select coalesce(sum(a.amount_cents) filter (where a.status = 'captured' and a.kind = 'payin'), 0)::bigint as charged,
             coalesce(sum(a.amount_cents) filter (where a.status = 'captured' and a.kind = 'subscription'), 0)::bigint
               as subscription_charged,
             (count(*) filter (where a.status = 'captured'))::int as captured,
             (count(*) filter (where a.status = 'declined'))::int as declined
      from payment_attempts a where a.created_at >= b.starts and a.created_at < b.ends) c
    cross join lateral (
      select coalesce(sum(p.amount_cents), 0)::bigint as paid_back
      from payouts p where p.status = 'paid' and p.paid_at >= b.starts and p.paid_at < b.ends) p`.execute(db);
  // NOTE: approximated (status history is not kept): created by the month's end and not expired
  // by then. One pass over subscriptions counts every month at once.
  const active = await sql<Record<string, number>>`
    select ${sql.join(
      bounds.map(
        (b, i) =>
          sql`(count(*) filter (where s.created_at < ${b.ends} and (s.expires_at is null or s.expires_at >= ${b.ends})))::int as ${sql.ref(`m${i}`)}`,
      ),
    )}
    from subscriptions s where s.status <> 'pending_verification'`.execute(db);
  const activeAt = active.rows[0] ?? {};
  return money.rows.map((m, i) => ({
    month: m.month,
    chargedCents: Number(m.charged),
    subscriptionChargedCents: Number(m.subscription_charged),
    paidBackCents: Number(m.paid_back),
    captured: m.captured,
    declined: m.declined,
    declineRate: m.captured + m.declined === 0 ? 0 : m.declined / (m.captured + m.declined),
    activeSubscriptions: activeAt[`m${i}`] ?? 0,
  }));
}
