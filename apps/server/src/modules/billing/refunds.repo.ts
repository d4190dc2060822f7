import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { RefundStatus } from '../../platform/db-schema.ts';
import { insertMoneyEvents } from './runs.repo.ts';

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
}

export async function findCharge(db: Db, id: string): Promise<RefundableCharge | undefined> {
  const r = await sql<RefundableCharge>`
    select a.id, a.reference, a.kind, a.status, a.period, a.customer_id, a.card_id, a.subscription_id,
           a.amount_cents, a.gateway_transaction_id, p.interval_count,
           (select coalesce(sum(f.amount_cents), 0) from refunds f
            where f.attempt_id = a.id and f.status <> 'failed')::bigint as refunded
    from payment_attempts a left join plans p on p.id = a.plan_id
    where a.id = ${id}`.execute(db);
  return r.rows[0];
}

export type RefundRow = {
  id: string;
  attempt_id: string;
  customer_id: string;
  card_id: string;
  amount_cents: number;
  mode: 'full' | 'prorated';
  reason: string;
  request_key: string;
  reference: string;
  status: RefundStatus;
  failure_reason: string | null;
  gateway_transaction_id: string | null;
  requested_by: string;
  created_at: Date;
  updated_at: Date;
};

/**
 * Writes a refund request `submitted`, committed before the processor is called. The request key
 * is unique: the same request twice returns the first row (`created: false`) and calls nothing.
 */
export async function insertRefund(
  tx: Db,
  r: Omit<
    RefundRow,
    'id' | 'status' | 'failure_reason' | 'gateway_transaction_id' | 'updated_at' | 'reference'
  >,
): Promise<{ refund: RefundRow; created: boolean }> {
  const id = crypto.randomUUID();
  const inserted = await tx
    .insertInto('refunds')
    .values({ ...r, id, reference: `refund:${id}`, status: 'submitted' })
    .onConflict((oc) => oc.column('request_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { refund: inserted as RefundRow, created: true };
  const existing = await tx
    .selectFrom('refunds')
    .selectAll()
    .where('request_key', '=', r.request_key)
    .executeTakeFirstOrThrow();
  return { refund: existing as RefundRow, created: false };
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

export async function findRefundByKey(db: Db, requestKey: string): Promise<RefundRow | undefined> {
  return (await db
    .selectFrom('refunds')
    .selectAll()
    .where('request_key', '=', requestKey)
    .executeTakeFirst()) as RefundRow | undefined;
}

export interface RefundOutcomeRow {
  id: string;
  status: Extract<RefundStatus, 'refunded' | 'failed' | 'unknown'>;
  reason: string | null;
  gatewayTransactionId: string | null;
}

/**
 * Records a refund's outcome (only from the state it was in) and, once refunded, its money event
 * (the customer's email with the refund receipt) and its effect: a refunded current period ends
 * the subscription now, so no further $3 charge or renewal follows.
 */
export async function recordRefundOutcome(
  db: Db,
  from: readonly RefundStatus[],
  o: RefundOutcomeRow,
  at: Date,
): Promise<RefundRow | undefined> {
  return db.transaction().execute(async (tx) => {
    const row = (await tx
      .updateTable('refunds')
      .set({
        status: o.status,
        failure_reason: o.reason,
        gateway_transaction_id: o.gatewayTransactionId,
        updated_at: new Date(),
      })
      .where('id', '=', o.id)
      .where('status', 'in', [...from])
      .returningAll()
      .executeTakeFirst()) as RefundRow | undefined;
    if (row?.status !== 'refunded') return row;
    await insertMoneyEvents(tx, [
      {
        type: 'refund.sent',
        dedupe_key: `refund.sent:${row.id}`,
        customer_id: row.customer_id,
        card_id: row.card_id,
        amount_cents: row.amount_cents,
        reason: row.reason,
        refund_id: row.id,
        occurred_at: at,
      },
    ]);
    // NOTE: the refunded charge paid the current period: the plan ends now (a later period's
    // charge, or an older one, changes nothing).
    await sql`
      update subscriptions s set status = 'inactive', expires_at = ${at},
        cancelled_at = coalesce(s.cancelled_at, ${at}), cancelled_by = coalesce(s.cancelled_by, ${row.requested_by}),
        updated_at = now()
      from payment_attempts a join plans p on p.id = a.plan_id
      where a.id = ${row.attempt_id} and s.id = a.subscription_id and s.status = 'active'
        and s.expires_at = ((a.period::date + make_interval(months => p.interval_count))::timestamp
                            at time zone 'America/New_York')
        and s.expires_at > ${at}`.execute(tx);
    return row;
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
    select id, reference, status, updated_at <= now() - make_interval(secs => ${r.lookupLagMs / 1000}) as conclusive,
           now() as looked_at
    from refunds
    where status = 'unknown'
       or (status = 'submitted' and updated_at < now() - make_interval(secs => ${r.staleAfterMs / 1000}))
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
      and (status = 'unknown'
           or (status = 'submitted' and updated_at < now() - make_interval(secs => ${r.staleAfterMs / 1000})))
      and updated_at <= ${r.lookedAt}::timestamptz - make_interval(secs => ${r.lagMs / 1000})
    returning id`.execute(db);
  return res.rows.map((x) => x.id);
}
