import { type AdminMetrics, NEW_YORK } from '@pria/contracts';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { Db } from '../../platform/db.ts';
import {
  countPayoutsNeedingAttention,
  operationalAlerts,
  pausedAt,
  reconcileRecent,
} from '../billing/index.ts';

const MONTHS = 12;
const RECONCILED_PERIODS = 6;

/**
 * The admin home: real counts, 12 New York months of money and declines, and the books of the
 * last 6 pay-in periods. Months are calendar months in New York (NEW_YORK, the schedule's zone),
 * so a charge at 23:30 New York time on the 31st counts in that month, not the next.
 * Money figures go only to callers who may see money (`money`: the permission of GET
 * /billing/reconciliation): support gets the counts and active subscriptions (ADR 14).
 */
export async function adminMetrics(db: Db, now: Date, opts: { money: boolean }): Promise<AdminMetrics> {
  if (!opts.money) {
    const [totals, months] = await Promise.all([counts(db, now), monthSeries(db, now)]);
    return {
      ...totals,
      months: months.map(({ month, activeSubscriptions }) => ({ month, activeSubscriptions })),
      money: false,
      reconciliation: [],
    };
  }
  const [totals, months, reconciliation, attention, alerts] = await Promise.all([
    counts(db, now),
    monthSeries(db, now),
    reconcileRecent(db, RECONCILED_PERIODS),
    countPayoutsNeedingAttention(db),
    operationalAlerts(db, now),
  ]);
  return {
    ...totals,
    months,
    money: true,
    reconciliation,
    attention: {
      delayedPaybacks: attention.delayed,
      returnedPaybacks: attention.returned,
      overdueRuns: alerts.overdueRuns,
      outstandingPaybacks: alerts.outstandingPaybacks,
      openDisputes: alerts.openDisputes,
    },
  };
}

async function counts(db: Db, now: Date) {
  const totals = await sql<{
    users: number;
    subscribers: number;
    cards: number;
    attempts: number;
    payouts: number;
  }>`
      select
        -- Customers, cards, charges and pay-backs from the trigger-kept counters (0012, 0026).
        (select n from row_counts where name = 'customers:active')::int as users,
        (select count(*) from subscriptions s join customers c on c.id = s.customer_id
          where s.status = 'active' and not ${pausedAt(sql.ref<string>('s.id'), now)}
            and (s.expires_at is null or s.expires_at > ${now})
            and not c.is_staff)::int as subscribers,
        (select n from row_counts where name = 'cards:active')::int as cards,
        (select sum(n) from row_counts where name like 'payment_attempts:%')::int as attempts,
        (select n from row_counts where name = 'payouts')::int as payouts`.execute(db);
  const t = totals.rows[0];
  return {
    totalUsers: t?.users ?? 0,
    subscribers: t?.subscribers ?? 0,
    cards: t?.cards ?? 0,
    transactions: (t?.attempts ?? 0) + (t?.payouts ?? 0),
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
  // From the monthly roll-ups (migration 0026): a few hundred rows, whatever the money tables hold.
  const months = bounds.map((b) => b.month);
  const money = await sql<{
    month: string;
    charged: number;
    subscription_charged: number;
    paid_back: number;
    captured: number;
    declined: number;
  }>`
    select m.month,
      coalesce((select sum(cents) from attempt_rollups where month = m.month and kind = 'payin' and status = 'captured'), 0)::bigint
        as charged,
      coalesce((select sum(cents) from attempt_rollups where month = m.month and kind = 'subscription'
                  and status = 'captured'), 0)::bigint as subscription_charged,
      coalesce((select sum(cents) from payout_rollups where paid_month = m.month and status = 'paid'), 0)::bigint as paid_back,
      coalesce((select sum(n) from attempt_rollups where month = m.month and status = 'captured'), 0)::int as captured,
      coalesce((select sum(n) from attempt_rollups where month = m.month and status = 'declined'), 0)::int as declined
    from unnest(${months}::text[]) with ordinality as m(month, i) order by m.i`.execute(db);
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
