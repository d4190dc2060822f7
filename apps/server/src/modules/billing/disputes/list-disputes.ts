import type { DisputeRow } from '@pria/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import { disputePayback } from './dispute-payback.ts';

/** The disputes staff see, newest first, by status or customer. */
export async function listDisputes(db: Db, r: { status?: 'open' | 'won' | 'lost'; customerId?: string }) {
  const rows = await sql<{
    id: string;
    attempt_id: string;
    kind: 'payin' | 'subscription';
    period: string;
    amount_cents: number;
    status: 'open' | 'won' | 'lost';
    reason: string | null;
    payback_sent: boolean;
    opened_at: Date;
    decided_at: Date | null;
    decided_by: string | null;
    customer_id: string;
    email: string | null;
    card_id: string;
    brand: string;
    last_four: string;
    refunded_cents: string | null;
  }>`
    select d.id, d.attempt_id, a.kind, a.period, d.amount_cents, d.status, d.reason, d.payback_sent, d.opened_at,
           d.decided_at, d.decided_by, d.customer_id, cu.email, d.card_id, c.brand, c.last_four,
           -- Only refunds the processor confirmed: a submitted or unknown one may still fail.
           (select sum(f.amount_cents) from refunds f where f.attempt_id = d.attempt_id and f.status = 'refunded')
             as refunded_cents
    from disputes d
    join payment_attempts a on a.id = d.attempt_id
    join customers cu on cu.id = d.customer_id
    join cards c on c.id = d.card_id
    where true ${r.status ? sql`and d.status = ${r.status}` : sql``}
      ${r.customerId ? sql`and d.customer_id = ${r.customerId}` : sql``}
    order by d.opened_at desc limit 200`.execute(db);
  return rows.rows.map(
    (d): DisputeRow => ({
      id: d.id,
      chargeId: d.attempt_id,
      period: d.period,
      amount: Number(d.amount_cents),
      refundedCents: Number(d.refunded_cents ?? 0),
      status: d.status,
      reason: d.reason,
      paybackSent: d.payback_sent,
      chargeKind: d.kind,
      payback: disputePayback({ kind: d.kind, status: d.status, paybackSent: d.payback_sent }),
      openedAt: new Date(d.opened_at).toISOString(),
      decidedAt: d.decided_at ? new Date(d.decided_at).toISOString() : null,
      decidedBy: d.decided_by,
      customer: { id: d.customer_id, email: d.email },
      card: { id: d.card_id, brand: d.brand, lastFour: d.last_four },
    }),
  );
}
