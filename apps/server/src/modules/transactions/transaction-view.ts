import type { ActivityRow } from './transactions.repo.ts';

/** What a customer reads in the State column, for charges and for Pria's pay-backs. */
const chargeStates: Record<string, string> = {
  created: 'Processing',
  submitted: 'Processing',
  unknown: 'Processing',
  requires_authentication: 'Pending Verification',
  captured: 'Charged',
  declined: 'Declined',
};
const paymentStates: Record<string, string> = {
  pending: 'Scheduled',
  submitted: 'Processing',
  unknown: 'Processing',
  paid: 'Paid',
  failed: 'Retrying',
  returned: 'Returned',
};

/** A row of the customer's activity table, as the spec's client reads it. */
export function toActivityRow(r: ActivityRow) {
  return {
    id: r.id,
    type: r.kind,
    createdAt: r.created_at,
    card: { id: r.card_id, brand: r.brand, lastFour: r.last_four },
    description: r.description,
    transactionState: (r.kind === 'charge' ? chargeStates : paymentStates)[r.status] ?? r.status,
    amount: r.amount_cents,
    remarks: r.reason,
  };
}
