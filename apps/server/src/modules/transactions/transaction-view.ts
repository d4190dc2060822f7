import type { AttemptStatus } from '../../platform/db-schema.ts';

const stateLabels: Record<AttemptStatus, string> = {
  created: 'Processing',
  submitted: 'Processing',
  unknown: 'Processing',
  requires_authentication: 'Pending Verification',
  captured: 'Charged',
  declined: 'Declined',
};

/** A row of the customer's activity table, as the spec's client reads it. */
export function toActivityRow(r: {
  id: string;
  created_at: Date;
  description: string;
  status: AttemptStatus;
  amount_cents: number;
  decline_reason: string | null;
  card_id: string;
  brand: string;
  last_four: string;
}) {
  return {
    id: r.id,
    createdAt: r.created_at,
    card: { id: r.card_id, brand: r.brand, lastFour: r.last_four },
    description: r.description,
    transactionState: stateLabels[r.status],
    amount: r.amount_cents,
    remarks: r.decline_reason,
  };
}
