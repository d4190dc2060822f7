import { adminMessages } from '@pria/contracts';
import { refundLeft } from './refund-amount.ts';
import type { RefundableCharge } from './refunds.repo.ts';

/**
 * Refundable, defined once (issue 38): the refund, its preview and the staff list's Refund button
 * all ask this. A captured plan charge can be refunded while something is left of it, unless the
 * cardholder's bank returns it (a dispute open: it is returning the money; or lost: it returned
 * it) — a refund then would pay the customer twice. The database's guard holds the same rule
 * for any writer (`refunds_charge_rules`, migration 0105; `refundable.test.ts` holds the two
 * together over every combination of the states involved).
 */
export type ChargeToRefund = Pick<
  RefundableCharge,
  'kind' | 'status' | 'bank_return' | 'amount_cents' | 'refunded'
>;

/** Why no refund of the charge can be made now, whatever its mode, in staff's words; null when one can. */
export function refundBlocked(charge: ChargeToRefund): string | null {
  if (charge.kind !== 'subscription' || charge.status !== 'captured')
    return adminMessages.refundOnlyPlanCharges;
  if (charge.bank_return === 'open') return adminMessages.refundWhileDisputed;
  if (charge.bank_return === 'lost') return adminMessages.refundAfterDisputeLost;
  if (refundLeft(charge) <= 0) return adminMessages.refundNothingLeft;
  return null;
}

/**
 * What the Refund button may still send: null for a row that is no captured plan charge (no
 * button), 0 while nothing can be refunded (the bank returns it, or nothing is left), else what is
 * left of it.
 */
export function refundableCents(charge: ChargeToRefund): number | null {
  if (charge.kind !== 'subscription' || charge.status !== 'captured') return null;
  return refundBlocked(charge) === null ? refundLeft(charge) : 0;
}
