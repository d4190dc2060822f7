import { NEW_YORK } from '@pria/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { chargedAt, currentPeriod, nextPayinDueAt, renewsAt } from '../billing/index.ts';
import { sendCustomerNotice } from './send-notice.ts';

/**
 * Notices the one-minute tick sends (issue 19), each exactly once, caught up after downtime:
 * - a reminder before every renewal, RENEWAL_REMINDER_DAYS ahead (never for a cancelled or paused
 *   subscription: those do not renew);
 * - at the start of each month, one per card that will have expired by the month's 28th 16:00
 *   New York (its $3 charge would be declined), and one when the funding card will have expired
 *   by a renewal in the next two months.
 * "Renews" and "charged" are the pause rule's (`renewsAt`, `chargedAt`, ADR 18), asked about the
 * instant the notice tells of (the end date, the 28th) as the engine will ask it then; those
 * instants are to come, so the rule answers with the switch as it stands.
 */

/** Days before the renewal that its reminder goes out, by plan; the annual plan's is a legal minimum. */
export const RENEWAL_REMINDER_DAYS: Record<string, number> = { annual: 30, 'semi-annual': 7 };
/** Plans not listed: a month ahead for plans of a year or more, a week for shorter ones. */
const OTHER_PLANS = { yearOrMore: 30, shorter: 7 };
const MAX_REMINDER_DAYS = Math.max(...Object.values(RENEWAL_REMINDER_DAYS), ...Object.values(OTHER_PLANS));
const FUNDING_LOOKAHEAD_DAYS = 62;

const iso = sql`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/** When a card stops working: the start of the month after its expiry month, New York time. */
const cardExpiredAt = sql`((make_date(c.expiration_year, c.expiration_month, 1) + interval '1 month')::timestamp
  at time zone ${NEW_YORK}::text)`;
const reminderKey = (subscriptionId: string, renewsAt: Date) =>
  `renewal.reminder:${subscriptionId}:${renewsAt.toISOString()}`;

export interface NoticeDeps {
  db: Db;
  publicUrl: string;
}

export async function sendDueNotices(deps: NoticeDeps, at: Date) {
  const reminders = await sendRenewalReminders(deps, at);
  const cards = await sendMonthlyCardNotices(deps, at);
  return { reminders, ...cards };
}

async function sendRenewalReminders(deps: NoticeDeps, at: Date): Promise<number> {
  const leads = sql.join(
    Object.entries(RENEWAL_REMINDER_DAYS).map(([plan, days]) => sql`(${plan}::text, ${days}::int)`),
  );
  // NOTE: only those whose reminder is due and not yet sent: a range scan of the active
  // subscriptions' end dates (index subscriptions_active_expires), usually empty.
  const due = await sql<{
    id: string;
    customer_id: string;
    expires_at: Date;
    plan_name: string;
    amount: number;
    brand: string | null;
    last_four: string | null;
  }>`
    select s.id, s.customer_id, s.expires_at, p.name as plan_name,
           round(p.price_cents * (10000 + p.tax_basis_points) / 10000.0)::bigint as amount, c.brand, c.last_four
    from subscriptions s
    join plans p on p.id = s.plan_id
    left join (values ${leads}) as l(plan_id, days) on l.plan_id = p.id
    left join cards c on c.id = s.card_id and c.removed_at is null
    where ${renewsAt('s', sql.ref<Date>('s.expires_at'))}
      and s.expires_at > ${at} and s.expires_at <= ${at}::timestamptz + make_interval(days => ${MAX_REMINDER_DAYS})
      and s.expires_at <= ${at}::timestamptz
          + make_interval(days => coalesce(l.days,
              case when p.interval_count >= 12 then ${OTHER_PLANS.yearOrMore}::int else ${OTHER_PLANS.shorter}::int end))
      and not exists (select 1 from customer_notices n
                      where n.dedupe_key = 'renewal.reminder:' || s.id || ':' || to_char(s.expires_at at time zone 'UTC', ${iso}))
    order by s.expires_at
    limit 1000`.execute(deps.db);
  let sent = 0;
  for (const s of due.rows) {
    const renewsAt = new Date(s.expires_at);
    const ok = await deps.db.transaction().execute((tx) =>
      sendCustomerNotice(
        tx,
        {
          data: {
            type: 'renewal.reminder',
            planName: s.plan_name,
            amountCents: Number(s.amount),
            renewsAt: renewsAt.toISOString(),
            card: s.brand && s.last_four ? { brand: s.brand, lastFour: s.last_four } : null,
          },
          dedupeKey: reminderKey(s.id, renewsAt),
          customerId: s.customer_id,
          subscriptionId: s.id,
        },
        deps,
      ),
    );
    if (ok) sent++;
  }
  return sent;
}

/** The month's card notices, once: the first tick of the month (or after downtime) claims the sweep. */
async function sendMonthlyCardNotices(deps: NoticeDeps, at: Date) {
  const month = currentPeriod(at);
  const chargeAt = nextPayinDueAt(at);
  return deps.db.transaction().execute(async (tx) => {
    const claimed = await tx
      .insertInto('notice_sweeps')
      .values({ name: 'cards', period: month })
      .onConflict((oc) => oc.columns(['name', 'period']).doNothing())
      .returning('period')
      .executeTakeFirst();
    if (!claimed) return { expiringCards: 0, expiringFundingCards: 0 };

    const expiring = await sql<{ id: string; customer_id: string; brand: string; last_four: string }>`
      select c.id, c.customer_id, c.brand, c.last_four
      from cards c join subscriptions s on s.customer_id = c.customer_id
      -- charged on the 28th: not paused then, and still in its paid period then or renewing before it
      where c.removed_at is null and ${chargedAt('s', chargeAt)}
        and ${cardExpiredAt} <= ${chargeAt}`.execute(tx);
    let expiringCards = 0;
    for (const c of expiring.rows) {
      const data = {
        type: 'card.expiring' as const,
        card: { brand: c.brand, lastFour: c.last_four },
        chargeAt: chargeAt.toISOString(),
      };
      const key = `card.expiring:${c.id}:${month}`;
      if (
        await sendCustomerNotice(tx, { data, dedupeKey: key, customerId: c.customer_id, cardId: c.id }, deps)
      )
        expiringCards++;
    }

    const funding = await sql<{
      id: string;
      customer_id: string;
      expires_at: Date;
      plan_name: string;
      card_id: string;
      brand: string;
      last_four: string;
    }>`
      select s.id, s.customer_id, s.expires_at, p.name as plan_name, c.id as card_id, c.brand, c.last_four
      from subscriptions s
      join plans p on p.id = s.plan_id
      join cards c on c.id = s.card_id and c.removed_at is null
      where ${renewsAt('s', sql.ref<Date>('s.expires_at'))}
        and s.expires_at > ${at} and s.expires_at <= ${at}::timestamptz + make_interval(days => ${FUNDING_LOOKAHEAD_DAYS})
        and ${cardExpiredAt} <= s.expires_at`.execute(tx);
    let expiringFundingCards = 0;
    for (const s of funding.rows) {
      const renewsAt = new Date(s.expires_at).toISOString();
      const data = {
        type: 'funding_card.expiring' as const,
        planName: s.plan_name,
        renewsAt,
        card: { brand: s.brand, lastFour: s.last_four },
      };
      const key = `funding_card.expiring:${s.id}:${renewsAt}`;
      const notice = {
        data,
        dedupeKey: key,
        customerId: s.customer_id,
        subscriptionId: s.id,
        cardId: s.card_id,
      };
      if (await sendCustomerNotice(tx, notice, deps)) expiringFundingCards++;
    }
    return { expiringCards, expiringFundingCards };
  });
}
