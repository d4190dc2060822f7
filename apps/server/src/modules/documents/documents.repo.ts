import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

export interface ReceiptRow {
  number: number;
  kind: 'charge' | 'refund';
  issued_at: Date;
  customer_id: string;
  description: string;
  /** What the receipt is for: the charge, or the refund. */
  amount_cents: number;
  plan_id: string | null;
  plan_name: string | null;
  price_cents: number | null;
  tax_basis_points: number | null;
  brand: string;
  last_four: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  /** Refunds: the refunded charge's amount and receipt number. */
  charge_amount_cents: number | null;
  charge_receipt: number | null;
}

/**
 * A receipt by the id the activity list gives (a plan charge's, or a refund's) with what it
 * prints; `customerId` limits it to that customer's own.
 */
export async function findReceipt(db: Db, id: string, customerId?: string): Promise<ReceiptRow | undefined> {
  const r = await sql<ReceiptRow>`
    -- Dated when the money moved, by the engine's clock (the receipt row is written by a trigger).
    select r.number, r.kind,
           case when f.id is null then coalesce(a.settled_at, r.issued_at) else coalesce(f.settled_at, r.issued_at) end
             as issued_at,
           a.customer_id, a.description,
           coalesce(f.amount_cents, a.amount_cents) as amount_cents,
           p.id as plan_id, p.name as plan_name, p.price_cents, p.tax_basis_points, c.brand, c.last_four,
           cu.first_name, cu.last_name, cu.email,
           case when f.id is null then null else a.amount_cents end as charge_amount_cents,
           case when f.id is null then null
                else (select r2.number from receipts r2 where r2.attempt_id = a.id) end as charge_receipt
    from receipts r
    left join refunds f on f.id = r.refund_id
    join payment_attempts a on a.id = coalesce(r.attempt_id, f.attempt_id)
    left join plans p on p.id = a.plan_id
    join cards c on c.id = a.card_id
    join customers cu on cu.id = a.customer_id
    where (r.attempt_id = ${id} or r.refund_id = ${id})
      ${customerId ? sql`and a.customer_id = ${customerId}` : sql``}`.execute(db);
  return r.rows[0];
}

export interface StatementLine {
  card_id: string;
  brand: string;
  last_four: string;
  period: string;
  charged_at: Date;
  charge_status: string;
  charge_cents: number;
  reason: string | null;
  paid_at: Date | null;
  payout_status: string | null;
  payout_cents: number | null;
  /** Staff sent the pay-back to another of the customer's cards (it was returned by this one). */
  paid_to_brand: string | null;
  paid_to_last_four: string | null;
}

/**
 * A calendar year's $3 charges (periods of that year) and each one's pay-back, per card, in
 * period order: what the yearly statement lists side by side.
 */
export async function statementLines(db: Db, customerId: string, year: number): Promise<StatementLine[]> {
  const r = await sql<StatementLine>`
    select a.card_id, c.brand, c.last_four, a.period, coalesce(a.sent_at, a.due_at) as charged_at, a.status as charge_status,
           a.amount_cents as charge_cents, a.decline_reason as reason,
           p.paid_at, p.status as payout_status, p.amount_cents as payout_cents,
           t.brand as paid_to_brand, t.last_four as paid_to_last_four
    from payment_attempts a
    join cards c on c.id = a.card_id
    left join payouts p on p.attempt_id = a.id
    left join cards t on t.id = p.paid_to_card_id
    where a.customer_id = ${customerId} and a.kind = 'payin'
      and a.period >= ${`${year}-01`} and a.period <= ${`${year}-12`}
    order by c.slot, c.id, a.period`.execute(db);
  return r.rows;
}
