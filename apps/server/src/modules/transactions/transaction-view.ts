import { type ActivityRow as ActivityRowView, receiptLabel } from '@pria/contracts';
import { PAYOUT_DELAYED_AFTER_TRIES } from '../billing/index.ts';
import type { ActivityRow } from './transactions.repo.ts';

/** What a customer reads in the State column, for charges and for Pria's pay-backs. */
const chargeStates: Record<string, string> = {
  created: 'Processing',
  submitted: 'Processing',
  unknown: 'Processing',
  requires_authentication: 'Pending Verification',
  captured: 'Charged',
  declined: 'Declined',
  missed: 'Missed',
};
const paymentStates: Record<string, string> = {
  pending: 'Scheduled',
  submitted: 'Processing',
  unknown: 'Processing',
  paid: 'Paid',
  failed: 'Retrying',
  returned: 'Returned',
  withheld: 'Not paid back',
};
const refundStates: Record<string, string> = {
  submitted: 'Processing',
  unknown: 'Processing',
  refunded: 'Refunded',
};
const statesOf = { charge: chargeStates, payment: paymentStates, refund: refundStates };

/** What the Remarks column says of a pay-back that has not gone through (ADR 7). */
export const paybackDelayed = 'Pay-back delayed, we are retrying';
export const paybackReturned =
  'Your card could not receive it; Pria support will send it to another of your cards';

export const paybackWithheld = 'You disputed the charge with your bank, which returns it to you instead';
export const chargeDisputed = 'You disputed this charge with your bank';

function remarksOf(r: ActivityRow): string | null {
  if (r.kind === 'payment' && r.status === 'failed')
    return r.tries >= PAYOUT_DELAYED_AFTER_TRIES ? paybackDelayed : r.reason;
  if (r.kind === 'payment' && r.status === 'returned') return paybackReturned;
  if (r.kind === 'payment' && r.status === 'withheld') return paybackWithheld;
  if (r.kind === 'charge' && (r.dispute === 'open' || r.dispute === 'lost')) return chargeDisputed;
  return r.reason;
}

/** A row of the customer's activity table, as the spec's client reads it. */
export function toActivityRow(r: ActivityRow): ActivityRowView {
  return {
    id: r.id,
    type: r.kind,
    createdAt: new Date(r.created_at).toISOString(),
    card: { id: r.card_id, brand: r.brand, lastFour: r.last_four },
    description: r.description,
    transactionState:
      r.kind === 'charge' && (r.dispute === 'open' || r.dispute === 'lost')
        ? 'Disputed'
        : (statesOf[r.kind][r.status] ?? r.status),
    amount: r.amount_cents,
    remarks: remarksOf(r),
    /** A plan charge's or a refund's receipt: download it from GET /receipts/{id}. */
    receipt: r.receipt_number === null ? null : { id: r.id, number: receiptLabel(r.receipt_number) },
  };
}
