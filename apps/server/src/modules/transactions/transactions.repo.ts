import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

export interface ActivityFilter {
  customerId: string;
  start: Date;
  end: Date;
  cardId?: string;
  limit: number;
}

export interface ActivityRow {
  id: string;
  kind: 'charge' | 'payment' | 'refund';
  created_at: Date;
  description: string;
  status: string;
  amount_cents: number;
  reason: string | null;
  /** Pay-backs: tries made so far (charges: 0). */
  tries: number;
  /** Plan charges and refunds: their receipt's number, once captured or refunded. */
  receipt_number: number | null;
  /** Charges: the newest dispute's state (open, won, lost), if the cardholder disputed it. */
  dispute: 'open' | 'won' | 'lost' | null;
  /** Refunds: this refund ended the plan its charge paid for. */
  plan_ended: boolean;
  /** Charges: the monthly $3 (payin) or a plan charge (subscription); others: null. */
  charge_kind: 'payin' | 'subscription' | null;
  /** Plan charges: made by a billing run (a renewal), not at checkout. */
  renewal: boolean;
  /** Plan charges: the plan's name and price (before tax), to say the description in the reader's language. */
  plan_id: string | null;
  plan_name: string | null;
  price_cents: number | null;
  card_id: string;
  brand: string;
  last_four: string;
}

/**
 * A customer's money activity, newest first (a pay-back's and a refund's description and every
 * remark are worded for whoever reads it: transaction-view.ts): charges to their cards (the monthly $3 and plan
 * charges), Pria's pay-backs to them and refunds. One query over the money tables; the window
 * and the card filter apply to all. Each row is dated when it happened (migration 0036, the
 * engine's clock): a charge when it was sent to the card (a missed month: when it was due), a
 * pay-back or refund when it went through (else when it was sent, else when it is due).
 */
export async function listActivity(
  db: Db,
  f: ActivityFilter,
): Promise<{ rows: ActivityRow[]; totalCount: number }> {
  const cardFilter = f.cardId ? sql`and x.card_id = ${f.cardId}` : sql``;
  const moves = sql`
    select a.id, 'charge' as kind, coalesce(a.sent_at, a.due_at) as created_at, a.description, a.status, a.amount_cents,
           a.decline_reason as reason, 0 as tries,
           (select r.number from receipts r where r.attempt_id = a.id) as receipt_number,
           (select d.status from disputes d where d.attempt_id = a.id order by d.opened_at desc limit 1) as dispute,
           false as plan_ended, a.card_id,
           a.kind as charge_kind, a.billing_run_id is not null as renewal, pl.id as plan_id, pl.name as plan_name, pl.price_cents
    from payment_attempts a
    left join plans pl on pl.id = a.plan_id
    where a.customer_id = ${f.customerId} and coalesce(a.sent_at, a.due_at) between ${f.start} and ${f.end}
    union all
    select p.id, 'payment' as kind, coalesce(p.settled_at, p.sent_at, p.due_at) as created_at,
           '' as description, p.status,
           p.amount_cents, p.last_error as reason, p.tries, null::bigint as receipt_number, null as dispute,
           false as plan_ended,
           -- The card it went to (staff may send a returned pay-back to another card).
           coalesce(p.paid_to_card_id, p.card_id) as card_id,
           null as charge_kind, false as renewal, null as plan_id, null as plan_name, null::bigint as price_cents
    from payouts p
    where p.customer_id = ${f.customerId} and coalesce(p.settled_at, p.sent_at, p.due_at) between ${f.start} and ${f.end}
    union all
    -- Refunds sent or on their way (one the processor refused is staff's to retry, not news).
    select f.id, 'refund' as kind, coalesce(f.settled_at, f.sent_at, f.created_at) as created_at,
           '' as description, f.status,
           f.amount_cents, f.customer_message as reason, 0 as tries,
           (select r.number from receipts r where r.refund_id = f.id) as receipt_number, null as dispute,
           f.plan_ended_at is not null as plan_ended, f.card_id,
           null as charge_kind, false as renewal, null as plan_id, null as plan_name, null::bigint as price_cents
    from refunds f
    where f.customer_id = ${f.customerId} and f.status <> 'failed'
      and coalesce(f.settled_at, f.sent_at, f.created_at) between ${f.start} and ${f.end}`;
  const [rows, total] = await Promise.all([
    sql<ActivityRow>`
      select x.*, c.brand, c.last_four from (${moves}) x join cards c on c.id = x.card_id
      where true ${cardFilter}
      order by x.created_at desc, x.id desc
      limit ${f.limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (${moves}) x where true ${cardFilter}`.execute(db),
  ]);
  return { rows: rows.rows, totalCount: total.rows[0]?.n ?? 0 };
}
