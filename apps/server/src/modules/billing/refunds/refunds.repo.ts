import { type RawBuilder, type Selectable, sql } from 'kysely';
import { lockForTransaction } from '../../../platform/advisory-locks.ts';
import type { Db } from '../../../platform/db.ts';
import type { RefundStatus, RefundsTable } from '../../../platform/db-schema.ts';
import type { SubscriptionEffects } from '../billing-deps.ts';
import { conclusiveNow, inDoubt, lastWrittenBefore } from '../in-doubt/in-doubt.sql.ts';
import { insertMoneyEvents } from '../money-events.ts';
import { bankReturnSql } from '../owed-rule.ts';
import { refundReference } from '../references.ts';

export interface RefundableCharge {
  id: string;
  reference: string;
  kind: 'payin' | 'subscription';
  status: string;
  period: string;
  customer_id: string;
  card_id: string;
  subscription_id: string | null;
  amount_cents: number;
  gateway_transaction_id: string | null;
  interval_count: number | null;
  /** Refunded so far (refunds not failed), cents. */
  refunded: number;
  /** The dispute by which the cardholder's bank returns this charge: open, or lost; null when none does. */
  bank_return: 'open' | 'lost' | null;
  /** When an earlier refund of this charge ended the plan it paid, if one did. */
  plan_ended_at: Date | null;
}

/**
 * What counts against what can still be refunded of a charge (by its id `attemptId`): its refunds
 * not failed (done, or sent and not answered yet), cents. Read by the refund itself and by the
 * staff list that offers the Refund button, so neither offers what the other refuses.
 */
export const refundsAgainst = (attemptId: RawBuilder<unknown>) => sql<string>`(
  select coalesce(sum(f.amount_cents), 0) from refunds f
  where f.attempt_id = ${attemptId} and f.status <> 'failed')::bigint`;

export async function findCharge(db: Db, id: string): Promise<RefundableCharge | undefined> {
  const r = await sql<RefundableCharge>`
    select a.id, a.reference, a.kind, a.status, a.period, a.customer_id, a.card_id, a.subscription_id,
           a.amount_cents, a.gateway_transaction_id, p.interval_count,
           ${refundsAgainst(sql`a.id`)} as refunded,
           ${bankReturnSql('a')} as bank_return,
           (select max(f.plan_ended_at) from refunds f where f.attempt_id = a.id) as plan_ended_at
    from payment_attempts a left join plans p on p.id = a.plan_id
    where a.id = ${id}`.execute(db);
  return r.rows[0];
}

export type RefundRow = Selectable<RefundsTable>;

/**
 * Writes a refund request `submitted`, committed before the processor is called. The request key
 * is unique: the same request twice returns the first row (`created: false`) and calls nothing.
 * NOTE: the key is looked up under a lock on it before the insert: the guard trigger (the total
 * refunded, an open dispute) runs before ON CONFLICT could match the key, so a concurrent replay
 * would otherwise be refused ("nothing left") instead of finding the first refund.
 */
export async function insertRefund(
  tx: Db,
  r: Pick<
    RefundRow,
    | 'attempt_id'
    | 'customer_id'
    | 'card_id'
    | 'amount_cents'
    | 'mode'
    | 'reason'
    | 'customer_message'
    | 'request_key'
    | 'requested_by'
    | 'created_at'
  >,
): Promise<{ refund: RefundRow; created: boolean }> {
  await lockForTransaction(tx, { name: 'refundRequest', item: r.request_key });
  const existing = await findRefundByKey(tx, r.request_key);
  if (existing) return { refund: existing, created: false };
  const id = crypto.randomUUID();
  const inserted = await tx
    .insertInto('refunds')
    .values({ ...r, id, reference: refundReference(id), status: 'submitted', sent_at: r.created_at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { refund: inserted, created: true };
}

/** How many refunds of a charge the processor refused: the default request key's counter. */
export async function countFailedRefunds(db: Db, attemptId: string): Promise<number> {
  const r = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('attempt_id', '=', attemptId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function findRefundByKey(db: Db, requestKey: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('request_key', '=', requestKey).executeTakeFirst();
}

export function findRefund(db: Db, id: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface RefundOutcomeRow {
  id: string;
  status: Extract<RefundStatus, 'refunded' | 'failed' | 'unknown'>;
  reason: string | null;
  gatewayTransactionId: string | null;
}

/**
 * Records a refund's outcome (only from the state it was in) and, once refunded, its effect and
 * its money event, in one transaction: a refund of the charge that paid the current period ends
 * the plan now (the subscriptions module decides, through the port), and the customer's email
 * (with the refund receipt) says so. The event carries the customer-facing message, never the
 * internal reason.
 */
export async function recordRefundOutcome(
  deps: { db: Db; subscriptions: SubscriptionEffects },
  from: readonly RefundStatus[],
  o: RefundOutcomeRow,
  at: Date,
): Promise<RefundRow | undefined> {
  return deps.db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('refunds')
      .set({
        status: o.status,
        failure_reason: o.reason,
        gateway_transaction_id: o.gatewayTransactionId,
        settled_at: o.status === 'unknown' ? null : at,
        updated_at: new Date(),
      })
      .where('id', '=', o.id)
      .where('status', 'in', [...from])
      .returningAll()
      .executeTakeFirst();
    if (row?.status !== 'refunded') return row;
    const ended = await deps.subscriptions.endPlanPaidBy(tx, row.attempt_id, at, row.requested_by);
    // The charge no longer holds its period once its plan ended: the customer may buy again today.
    if (ended) {
      await tx
        .updateTable('payment_attempts')
        .set({ plan_ended_at: ended, updated_at: new Date() })
        .where('id', '=', row.attempt_id)
        .execute();
    }
    const refund = ended
      ? await tx
          .updateTable('refunds')
          .set({ plan_ended_at: ended })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : row;
    await insertMoneyEvents(tx, [
      {
        type: 'refund.sent',
        dedupe_key: `refund.sent:${row.id}`,
        customer_id: row.customer_id,
        card_id: row.card_id,
        amount_cents: row.amount_cents,
        reason: row.customer_message,
        refund_id: row.id,
        occurred_at: at,
      },
    ]);
    return refund;
  });
}

/** Refunds in doubt: unknown after a timeout, or submitted and abandoned by a dead process. */
export async function findRefundsInDoubt(db: Db, r: { staleAfterMs: number; lookupLagMs: number }) {
  const res = await sql<{
    id: string;
    reference: string;
    status: RefundStatus;
    conclusive: boolean;
    looked_at: Date;
  }>`
    select id, reference, status, ${conclusiveNow(r.lookupLagMs)} as conclusive,
           now() as looked_at
    from refunds
    where ${inDoubt(r.staleAfterMs)}
    order by updated_at limit 500`.execute(db);
  return res.rows;
}

/** Claims in-doubt refunds the processor never received, to send again under the same reference. */
export async function claimRefundResends(
  db: Db,
  ids: readonly string[],
  r: { lookedAt: Date; lagMs: number; staleAfterMs: number },
) {
  if (ids.length === 0) return [];
  const res = await sql<{ id: string }>`
    update refunds set status = 'submitted', updated_at = clock_timestamp()
    where id = any(${ids}::uuid[])
      and ${inDoubt(r.staleAfterMs)}
      and ${lastWrittenBefore(r.lookedAt, r.lagMs)}
    returning id`.execute(db);
  return res.rows.map((x) => x.id);
}
