import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** One monthly $3 charge with what became of it: its pay-back, refund and dispute. */
export interface ChargeHistoryRow {
  attempt_id: string;
  period: string;
  card_id: string;
  status: string;
  amount_cents: number;
  decline_reason: string | null;
  charged_at: Date;
  payout_status: string | null;
  payout_cents: number | null;
  paid_at: Date | null;
  dispute: 'open' | 'won' | 'lost' | null;
  refunded: boolean;
}

export interface ProgressCardRow {
  id: string;
  brand: string;
  last_four: string;
  removed_at: Date | null;
}

/**
 * Every monthly charge (pay-in) of the customer with its pay-back, newest month first.
 * NOTE: reads the money engine's tables (payment_attempts, payouts, refunds, disputes) read-only,
 * as the activity list does: these rows are written once and never deleted, so a read here cannot
 * disturb the engine. The (customer_id, …) indexes of the activity list serve it.
 */
export async function listChargeHistory(db: Db, customerId: string): Promise<ChargeHistoryRow[]> {
  const res = await sql<ChargeHistoryRow>`
    select a.id as attempt_id, a.period, a.card_id, a.status, a.amount_cents, a.decline_reason,
           a.created_at as charged_at, p.status as payout_status, p.amount_cents as payout_cents, p.paid_at,
           (select d.status from disputes d where d.attempt_id = a.id order by d.opened_at desc limit 1) as dispute,
           exists (select 1 from refunds f where f.attempt_id = a.id and f.status <> 'failed') as refunded
    from payment_attempts a
    left join payouts p on p.attempt_id = a.id
    where a.customer_id = ${customerId} and a.kind = 'payin'
    order by a.period desc, a.created_at desc`.execute(db);
  return res.rows;
}

/** The customer's cards: current ones, and removed ones that have a history. */
export async function listProgressCards(db: Db, customerId: string): Promise<ProgressCardRow[]> {
  const res = await sql<ProgressCardRow>`
    select c.id, c.brand, c.last_four, c.removed_at
    from cards c
    where c.customer_id = ${customerId}
      and (c.removed_at is null
           or exists (select 1 from payment_attempts a where a.card_id = c.id and a.kind = 'payin'))
    order by c.removed_at nulls first, c.slot, c.created_at, c.id`.execute(db);
  return res.rows;
}
