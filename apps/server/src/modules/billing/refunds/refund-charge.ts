import { createHash } from 'node:crypto';
import { adminMessages, type RefundView } from '@pria/contracts';
import { type AuditContext, recordStaffAction } from '../../../platform/audit.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { refundAmount } from './refund-amount.ts';
import { refundBlocked } from './refundable.ts';
import {
  countFailedRefunds,
  findCharge,
  findRefundByKey,
  insertRefund,
  type RefundableCharge,
  type RefundRow,
  recordRefundOutcome,
} from './refunds.repo.ts';
import { sendRefund } from './send-refund.ts';

/**
 * Finance refunds a captured plan charge (issues 16, 28): in full (what is left of it), or the
 * unused part of its period, prorated by New York day. Exactly once per request key: the refund
 * is written `submitted` (with its audit row) before the processor is called, and an answer lost
 * on the way is settled by lookup, like a charge. Never while the cardholder's bank has an open
 * dispute of the charge: the chargeback already returns the money (the database refuses it too).
 * The reason is internal; the customer reads `customerMessage`, or the standard words.
 */
export interface RefundInput {
  chargeId: string;
  mode: 'full' | 'prorated';
  reason: string;
  customerMessage?: string;
  /** The client's Idempotency-Key, if it sent one. */
  idempotencyKey?: string;
  audit: AuditContext;
}

/**
 * Why this refund of a charge cannot be made now, in staff's words, and otherwise how much it
 * sends: the charge's own rule first (`refundBlocked`), then the amount of this mode.
 */
export function refundOf(
  charge: RefundableCharge,
  mode: 'full' | 'prorated',
  now: Date,
): { refusal: string; amount: 0 } | { refusal: null; amount: number } {
  const blocked = refundBlocked(charge);
  if (blocked) return { refusal: blocked, amount: 0 };
  const amount = refundAmount(charge, mode, now);
  // Something left but nothing to send: a prorated refund whose unused days went back already.
  if (amount <= 0) return { refusal: adminMessages.refundNoUnusedDays, amount: 0 };
  return { refusal: null, amount };
}

/**
 * The request key of a refund: the client's Idempotency-Key, or, without one, the request itself
 * (charge, mode, reason): the same request is the same refund; once one is refused by the
 * processor, asking again is a new request.
 */
export async function refundRequestKey(
  deps: Pick<BillingDeps, 'db'>,
  r: Pick<RefundInput, 'chargeId' | 'mode' | 'reason' | 'idempotencyKey'>,
): Promise<string> {
  if (r.idempotencyKey) return r.idempotencyKey;
  const reason = createHash('sha256').update(r.reason).digest('hex').slice(0, 16);
  return `charge:${r.chargeId}:${r.mode}:${reason}:${await countFailedRefunds(deps.db, r.chargeId)}`;
}

export const toRefundView = (r: RefundRow): RefundView => ({
  id: r.id,
  chargeId: r.attempt_id,
  amount: Number(r.amount_cents),
  mode: r.mode,
  status: r.status,
  reason: r.reason,
  customerMessage: r.customer_message,
  failureReason: r.failure_reason,
  requestedBy: r.requested_by,
  planEndedAt: r.plan_ended_at ? new Date(r.plan_ended_at).toISOString() : null,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The database's own refusals (`refunds_charge_rules`, migration 0105), in the same words. */
const refusedBy: Record<string, string> = {
  refunds_within_charge: adminMessages.refundNothingLeft,
  refunds_not_while_disputed: adminMessages.refundWhileDisputed,
  refunds_not_after_dispute_lost: adminMessages.refundAfterDisputeLost,
  refunds_of_captured_charges: adminMessages.refundOnlyPlanCharges,
};

export async function refundCharge(
  deps: BillingDeps,
  input: RefundInput,
): Promise<{ refund: RefundView; created: boolean }> {
  const requestKey = await refundRequestKey(deps, input);
  const charge = await findCharge(deps.db, input.chargeId);
  if (!charge) throw notFound(adminMessages.chargeNotFound);
  const now = deps.clock.now();
  // A request seen before is answered with its refund, whatever is left of the charge now.
  const earlier = await findRefundByKey(deps.db, requestKey);
  const { refusal, amount } = refundOf(charge, input.mode, now);
  if (refusal && !earlier) throw new AppError('CONFLICT', refusal);
  const { refund, created } = await deps.db
    .transaction()
    .execute(async (tx) => {
      const written = await insertRefund(tx, {
        attempt_id: charge.id,
        customer_id: charge.customer_id,
        card_id: charge.card_id,
        amount_cents: amount,
        mode: input.mode,
        reason: input.reason,
        customer_message: input.customerMessage ?? null,
        request_key: requestKey,
        requested_by: input.audit.actor,
        created_at: now,
      }).catch((err: unknown) => {
        throw toRefusal(err);
      });
      if (written.created) {
        await recordStaffAction(tx, input.audit, {
          action: 'refund.create',
          targetType: 'charge',
          targetId: charge.id,
          // Named for what they are (the trail once read "amount: 3897 → 3875", as if the charge
          // had changed): the charge, and what was refunded of it before and after this refund.
          before: { chargedCents: Number(charge.amount_cents), refundedCents: Number(charge.refunded) },
          after: {
            chargedCents: Number(charge.amount_cents),
            refundedCents: Number(charge.refunded) + amount,
            refundId: written.refund.id,
            mode: input.mode,
            reason: input.reason,
          },
        });
      }
      return written;
    })
    .catch((err: unknown) => {
      throw toRefusal(err);
    });
  if (refund.attempt_id !== charge.id || refund.mode !== input.mode)
    throw new AppError('CONFLICT', adminMessages.refundKeyReused);
  if (!created) return { refund: toRefundView(refund), created };
  const outcome = await sendRefund(deps, refund, charge);
  const recorded = await recordRefundOutcome(deps, ['submitted'], outcome, deps.clock.now());
  return { refund: toRefundView(recorded ?? refund), created };
}

/** A refusal checked before the insert, or raised by the database's guard, as the caller's 409. */
function toRefusal(err: unknown): unknown {
  const constraint = (err as { constraint?: string }).constraint;
  if (constraint && refusedBy[constraint]) return new AppError('CONFLICT', refusedBy[constraint]);
  return err;
}
