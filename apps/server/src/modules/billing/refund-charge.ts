import { adminMessages, cents, type RefundView } from '@pria/contracts';
import { DateTime } from 'luxon';
import { GatewayError, GatewayTimeout } from '../../gateways/payments/port.ts';
import { type AuditContext, recordStaffAction } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { mapLimit } from '../../platform/limit.ts';
import type { BillingDeps } from './billing-deps.ts';
import { NEW_YORK } from './billing-schedule.ts';
import {
  claimRefundResends,
  findCharge,
  findRefundByKey,
  findRefundsInDoubt,
  insertRefund,
  type RefundableCharge,
  type RefundOutcomeRow,
  type RefundRow,
  recordRefundOutcome,
} from './refunds.repo.ts';

/**
 * Finance refunds a captured plan charge (issue 16): in full (what is left of it), or the unused
 * part of its period, prorated by New York day. Exactly once per refund request: the request key
 * is unique, the refund is written `submitted` (with its audit row) before the processor is
 * called, and an answer lost on the way is settled by lookup, like a charge.
 */
export function refundAmount(charge: RefundableCharge, mode: 'full' | 'prorated', now: Date): number {
  const left = Number(charge.amount_cents) - Number(charge.refunded);
  if (mode === 'full') return Math.max(left, 0);
  const start = DateTime.fromISO(charge.period, { zone: NEW_YORK }).startOf('day');
  const end = start.plus({ months: charge.interval_count ?? 6 });
  const today = DateTime.fromJSDate(now, { zone: NEW_YORK }).startOf('day');
  const totalDays = Math.round(end.diff(start, 'days').days);
  // Today counts as used; the days from tomorrow to the end are refunded.
  const unusedDays = Math.min(Math.max(Math.round(end.diff(today, 'days').days) - 1, 0), totalDays);
  const prorated = Math.round((Number(charge.amount_cents) * unusedDays) / totalDays);
  return Math.min(prorated, left);
}

export const toRefundView = (r: RefundRow): RefundView => ({
  id: r.id,
  chargeId: r.attempt_id,
  amount: Number(r.amount_cents),
  mode: r.mode,
  status: r.status,
  reason: r.reason,
  failureReason: r.failure_reason,
  requestedBy: r.requested_by,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function refundCharge(
  deps: BillingDeps,
  r: { chargeId: string; mode: 'full' | 'prorated'; reason: string; requestKey: string; audit: AuditContext },
): Promise<{ refund: RefundView; created: boolean }> {
  const charge = await findCharge(deps.db, r.chargeId);
  if (!charge) throw notFound(adminMessages.chargeNotFound);
  if (charge.kind !== 'subscription' || charge.status !== 'captured')
    throw new AppError('CONFLICT', adminMessages.refundOnlyPlanCharges);
  const now = deps.clock.now();
  const amount = refundAmount(charge, r.mode, now);
  const earlier = await findRefundByKey(deps.db, r.requestKey);
  if (!earlier && amount <= 0) throw new AppError('CONFLICT', adminMessages.refundNothingLeft);
  const { refund, created } = earlier
    ? { refund: earlier, created: false }
    : await deps.db
        .transaction()
        .execute(async (tx) => {
          const written = await insertRefund(tx, {
            attempt_id: charge.id,
            customer_id: charge.customer_id,
            card_id: charge.card_id,
            amount_cents: amount,
            mode: r.mode,
            reason: r.reason,
            request_key: r.requestKey,
            requested_by: r.audit.actor,
            created_at: now,
          });
          if (!written.created) return written;
          await recordStaffAction(tx, r.audit, {
            action: 'refund.create',
            targetType: 'charge',
            targetId: charge.id,
            before: { refunded: Number(charge.refunded), amount: Number(charge.amount_cents) },
            after: { refundId: written.refund.id, amount, mode: r.mode, reason: r.reason },
          });
          return written;
        })
        .catch((err: unknown) => {
          // Another refund of this charge got there first (the trigger keeps the total within it).
          if (String((err as Error).message).includes('would exceed the charge'))
            throw new AppError('CONFLICT', adminMessages.refundNothingLeft);
          throw err;
        });
  if (refund.attempt_id !== charge.id || refund.mode !== r.mode)
    throw new AppError('CONFLICT', adminMessages.refundKeyReused);
  if (!created) return { refund: toRefundView(refund), created };
  const outcome = await sendRefund(deps, refund, charge);
  const recorded = await recordRefundOutcome(deps.db, ['submitted'], outcome, deps.clock.now());
  return { refund: toRefundView(recorded ?? refund), created };
}

async function sendRefund(
  deps: BillingDeps,
  refund: Pick<RefundRow, 'id' | 'reference' | 'amount_cents'>,
  charge: Pick<RefundableCharge, 'reference' | 'gateway_transaction_id'>,
): Promise<RefundOutcomeRow> {
  try {
    const o = await deps.payments.refund({
      reference: refund.reference,
      chargeReference: charge.reference,
      chargeTransactionId: charge.gateway_transaction_id,
      amountCents: cents(Number(refund.amount_cents)),
    });
    return o.status === 'refunded'
      ? { id: refund.id, status: 'refunded', reason: null, gatewayTransactionId: o.gatewayTransactionId }
      : { id: refund.id, status: 'failed', reason: o.reason, gatewayTransactionId: o.gatewayTransactionId };
  } catch (err) {
    if (err instanceof GatewayError)
      return { id: refund.id, status: 'failed', reason: err.message, gatewayTransactionId: null };
    if (!(err instanceof GatewayTimeout))
      deps.logger.warn({ err, refund: refund.id }, 'refund failed mid-call');
    return { id: refund.id, status: 'unknown', reason: null, gatewayTransactionId: null };
  }
}

/**
 * Refunds in doubt (a timeout, a dead process): looked up by reference; a refund the processor
 * never received is sent again under the same reference (ADR 7's rule for money in doubt).
 * Called by the tick.
 */
export async function settleRefunds(deps: BillingDeps): Promise<number> {
  const open = await findRefundsInDoubt(deps.db, deps);
  if (open.length === 0) return 0;
  const never: string[] = [];
  let settled = 0;
  await mapLimit(open, deps.concurrency, async (f) => {
    try {
      const found = await deps.payments.lookup(f.reference);
      if (!found) {
        if (f.conclusive) never.push(f.id);
        return;
      }
      if (found.kind !== 'refund') return;
      const o: RefundOutcomeRow =
        found.status === 'refunded'
          ? { id: f.id, status: 'refunded', reason: null, gatewayTransactionId: found.gatewayTransactionId }
          : {
              id: f.id,
              status: 'failed',
              reason: found.reason,
              gatewayTransactionId: found.gatewayTransactionId,
            };
      if (await recordRefundOutcome(deps.db, ['submitted', 'unknown'], o, deps.clock.now())) settled++;
    } catch (err) {
      deps.logger.warn({ err, refund: f.id }, 'could not look up a refund; will try again');
    }
  });
  const resend = await claimRefundResends(deps.db, never, {
    lookedAt: open[0]?.looked_at ?? deps.clock.now(),
    lagMs: deps.lookupLagMs,
    staleAfterMs: deps.staleAfterMs,
  });
  for (const id of resend) {
    const row = await deps.db
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const charge = await findCharge(deps.db, row.attempt_id);
    if (!charge) continue;
    const o = await sendRefund(deps, row, charge);
    if (await recordRefundOutcome(deps.db, ['submitted'], o, deps.clock.now())) settled++;
  }
  return settled;
}
