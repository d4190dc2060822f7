import { receiptLabel } from '@pria/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { MoneyEventType } from '../../platform/db-schema.ts';

export interface MoneyEventRow {
  id: number;
  type: MoneyEventType;
  customer_id: string;
  card_id: string | null;
  amount_cents: number;
  reason: string | null;
  attempt_id: string | null;
  refund_id: string | null;
  occurred_at: Date;
  /** The charge's kind ('payin', 'subscription'), when the event is about a charge. */
  attempt_kind: string | null;
}

/** Ids of events not yet notified, oldest first (a partial index covers this). */
export async function listUnprocessedEventIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('money_events')
    .select('id')
    .where('processed_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Locks one unprocessed event for this transaction; undefined when another worker has it or it is done. */
export async function lockUnprocessedEvent(tx: Db, id: number): Promise<MoneyEventRow | undefined> {
  const res = await sql<MoneyEventRow>`
    select id, type, customer_id, card_id, amount_cents, reason, attempt_id, refund_id, occurred_at,
           (select a.kind from payment_attempts a where a.id = money_events.attempt_id) as attempt_kind
    from money_events
    where id = ${id} and processed_at is null
    for update skip locked`.execute(tx);
  return res.rows[0];
}

export function findRecipient(tx: Db, customerId: string) {
  return tx
    .selectFrom('customers')
    .select(['issuer', 'subject', 'email', 'email_verified', 'phone', 'first_name', 'deleted_at'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

/** Brand and last four stay on a removed card, so a late pay-back can still name it. */
export function findCard(tx: Db, cardId: string) {
  return tx.selectFrom('cards').select(['brand', 'last_four']).where('id', '=', cardId).executeTakeFirst();
}

/** Done; `emailWithheld` when the customer wanted the email but their address is not verified yet. */
export async function markEventProcessed(tx: Db, id: number, at: Date, emailWithheld = false): Promise<void> {
  await tx
    .updateTable('money_events')
    .set({ processed_at: at, email_withheld_at: emailWithheld ? at : null })
    .where('id', '=', id)
    .execute();
}

/**
 * Events whose email was withheld since `since` and whose customer's address is now verified,
 * oldest first. The partial index on email_withheld_at holds only withheld rows.
 */
export async function listReleasableEventIds(db: Db, since: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('money_events as e')
    .innerJoin('customers as c', 'c.id', 'e.customer_id')
    .select('e.id')
    .where('e.email_withheld_at', '>=', since)
    .where('c.email_verified', '=', true)
    .where('c.email', 'is not', null)
    .where('c.deleted_at', 'is', null)
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Locks one event still withheld for this transaction; undefined when another worker has it or it is done. */
export async function lockWithheldEvent(tx: Db, id: number): Promise<MoneyEventRow | undefined> {
  const res = await sql<MoneyEventRow>`
    select id, type, customer_id, card_id, amount_cents, reason, attempt_id, refund_id, occurred_at,
           (select a.kind from payment_attempts a where a.id = money_events.attempt_id) as attempt_kind
    from money_events
    where id = ${id} and email_withheld_at is not null
    for update skip locked`.execute(tx);
  return res.rows[0];
}

export async function clearEmailWithheld(tx: Db, id: number): Promise<void> {
  await tx.updateTable('money_events').set({ email_withheld_at: null }).where('id', '=', id).execute();
}

/** A plan charge's or a refund's receipt number as customers read it: R-000123. */
export async function findReceiptNumber(
  tx: Db,
  of: { attemptId?: string | null; refundId?: string | null },
): Promise<string | null> {
  if (!of.attemptId && !of.refundId) return null;
  const r = of.refundId
    ? await tx.selectFrom('receipts').select('number').where('refund_id', '=', of.refundId).executeTakeFirst()
    : await tx
        .selectFrom('receipts')
        .select('number')
        .where('attempt_id', '=', of.attemptId as string)
        .executeTakeFirst();
  return r ? receiptLabel(r.number) : null;
}

/** The plan a plan charge paid for, and its price before tax (the receipt's "Price"). */
export async function findPlanCharge(tx: Db, attemptId: string) {
  const row = await tx
    .selectFrom('payment_attempts as a')
    .innerJoin('plans as p', 'p.id', 'a.plan_id')
    .select(['p.name', 'p.price_cents'])
    .where('a.id', '=', attemptId)
    .where('a.kind', '=', 'subscription')
    .executeTakeFirst();
  return row ? { name: row.name, priceCents: Number(row.price_cents) } : undefined;
}

/** What a refund's email says beyond the amount: staff's message to the customer, and whether it ended the plan. */
export async function findRefundNotice(tx: Db, refundId: string) {
  return tx
    .selectFrom('refunds as f')
    .innerJoin('payment_attempts as a', 'a.id', 'f.attempt_id')
    .leftJoin('plans as p', 'p.id', 'a.plan_id')
    .select(['f.customer_message', 'f.plan_ended_at', 'p.name as plan_name'])
    .where('f.id', '=', refundId)
    .executeTakeFirst();
}

/**
 * What a dispute's email says about the disputed charge: a $3 pay-in or a plan charge, when it
 * was made, what of it was already refunded (refunds the processor confirmed, the latest date,
 * and whether one ended the plan), and for a $3 charge whether its pay-back had gone out when the
 * dispute opened (the dispute's `payback_sent`, the one answer the disputes list and the books
 * read) and when it was sent.
 */
export async function findDisputedCharge(tx: Db, attemptId: string, openedAt: Date) {
  const res = await sql<{
    kind: 'payin' | 'subscription';
    charged_at: Date;
    amount_cents: number;
    refunded_cents: string | null;
    refunded_at: Date | null;
    plan_ended: boolean;
    payback_sent: boolean | null;
    payback_sent_at: Date | null;
  }>`
    select a.kind, coalesce(a.settled_at, a.created_at) as charged_at, a.amount_cents,
           sum(f.amount_cents) as refunded_cents, max(coalesce(f.settled_at, f.created_at)) as refunded_at,
           coalesce(bool_or(f.plan_ended_at is not null), false) as plan_ended,
           -- The dispute this email is about: the charge's latest opened by then.
           (select d.payback_sent from disputes d where d.attempt_id = a.id and d.opened_at <= ${openedAt}
            order by d.opened_at desc limit 1) as payback_sent,
           (select coalesce(p.paid_at, p.sent_at, p.created_at) from payouts p where p.attempt_id = a.id)
             as payback_sent_at
    from payment_attempts a
    left join refunds f on f.attempt_id = a.id and f.status = 'refunded'
    where a.id = ${attemptId}
    group by a.id`.execute(tx);
  const r = res.rows[0];
  return r
    ? {
        planCharge: r.kind === 'subscription',
        chargedAt: new Date(r.charged_at),
        chargedCents: Number(r.amount_cents),
        refundedCents: Number(r.refunded_cents ?? 0),
        refundedAt: r.refunded_at ? new Date(r.refunded_at) : null,
        planEnded: r.plan_ended,
        paybackSentAt: r.payback_sent && r.payback_sent_at ? new Date(r.payback_sent_at) : null,
      }
    : undefined;
}
