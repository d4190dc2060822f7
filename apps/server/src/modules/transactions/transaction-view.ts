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

/** Who reads the activity: the customer (their own, "your card") or staff (a client's). */
export type ActivityReader = 'customer' | 'staff';

/**
 * The activity's own sentences, for each reader (issue 29: staff read "Charge & Pay payment to
 * your card" on a client's page). Remarks: a pay-back that has not gone through (ADR 7), a charge
 * disputed with the bank, a refund that ended the plan.
 */
export const activityWords = {
  customer: {
    payment: 'Charge & Pay payment to your card',
    refund: 'Refund of your plan charge',
    paybackDelayed: 'Pay-back delayed, we are retrying',
    paybackReturned: 'Your card could not receive it; Pria support will send it to another of your cards',
    paybackWithheld: 'You disputed the charge with your bank, which returns it to you instead',
    chargeDisputed: 'You disputed this charge with your bank',
    planEnded: 'Your plan ended with this refund.',
    message: (m: string) => m,
  },
  staff: {
    payment: "Charge & Pay pay-back to the customer's card",
    refund: 'Refund of a plan charge',
    paybackDelayed: 'Pay-back delayed; the engine is retrying',
    paybackReturned: "The card could not receive it; send it to another of the customer's cards in Pay-backs",
    paybackWithheld: 'Withheld: the customer disputed the charge, and their bank returns it instead',
    chargeDisputed: 'The customer disputed this charge with their bank',
    planEnded: "The customer's plan ended with this refund.",
    message: (m: string) => `Message to the customer: ${m}`,
  },
} satisfies Record<ActivityReader, Record<string, string | ((m: string) => string)>>;

type Words = (typeof activityWords)[ActivityReader];

function remarksOf(r: ActivityRow, w: Words): string | null {
  if (r.kind === 'payment' && r.status === 'failed')
    return r.tries >= PAYOUT_DELAYED_AFTER_TRIES ? w.paybackDelayed : r.reason;
  if (r.kind === 'payment' && r.status === 'returned') return w.paybackReturned;
  if (r.kind === 'payment' && r.status === 'withheld') return w.paybackWithheld;
  if (r.kind === 'charge' && (r.dispute === 'open' || r.dispute === 'lost')) return w.chargeDisputed;
  if (r.kind === 'refund') {
    const said = [r.plan_ended ? w.planEnded : null, r.reason ? w.message(r.reason) : null];
    return said.filter(Boolean).join(' ') || null;
  }
  return r.reason;
}

const descriptionOf = (r: ActivityRow, w: Words) =>
  r.kind === 'payment' ? w.payment : r.kind === 'refund' ? w.refund : r.description;

/** A row of an activity table: the customer's own (the spec's client) or a client's, for staff. */
export function toActivityRow(r: ActivityRow, reader: ActivityReader = 'customer'): ActivityRowView {
  const w = activityWords[reader];
  return {
    id: r.id,
    type: r.kind,
    createdAt: new Date(r.created_at).toISOString(),
    card: { id: r.card_id, brand: r.brand, lastFour: r.last_four },
    description: descriptionOf(r, w),
    transactionState:
      r.kind === 'charge' && (r.dispute === 'open' || r.dispute === 'lost')
        ? 'Disputed'
        : (statesOf[r.kind][r.status] ?? r.status),
    amount: r.amount_cents,
    remarks: remarksOf(r, w),
    /** A plan charge's or a refund's receipt: download it from GET /receipts/{id}. */
    receipt: r.receipt_number === null ? null : { id: r.id, number: receiptLabel(r.receipt_number) },
  };
}
