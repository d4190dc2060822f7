import { cents } from '@pria/contracts';
import { GatewayError, GatewayTimeout } from '../../../gateways/payments/port.ts';
import type { BillingDeps } from '../billing-deps.ts';
import type { RefundableCharge, RefundOutcomeRow, RefundRow } from './refunds.repo.ts';

/**
 * Sends a refund to the processor under its own reference and maps the answer: refunded, failed
 * (the processor refused; no money moved) or unknown (a timeout or a call cut off: the money may
 * have moved, so it is looked up, never sent blind again).
 */
export async function sendRefund(
  deps: Pick<BillingDeps, 'payments' | 'logger'>,
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
