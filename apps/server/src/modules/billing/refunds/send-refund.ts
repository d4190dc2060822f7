import { cents } from '@pria/contracts';
import { moneyOutcome } from '../../../gateways/payments/outcome.ts';
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
  const o = await moneyOutcome(
    () =>
      deps.payments.refund({
        reference: refund.reference,
        chargeReference: charge.reference,
        chargeTransactionId: charge.gateway_transaction_id,
        amountCents: cents(Number(refund.amount_cents)),
      }),
    'failed',
  );
  if (o.unexpected) deps.logger.warn({ err: o.unexpected, refund: refund.id }, 'refund failed mid-call');
  return { id: refund.id, status: o.status, reason: o.reason, gatewayTransactionId: o.gatewayTransactionId };
}
