import { z } from 'zod';
import { disputePaybacks, disputeStatuses } from './dispute-words.ts';

export * from './dispute-words.ts';

export const disputeDecision = z.object({
  outcome: z.enum(['won', 'lost'], { error: 'outcome must be won or lost' }),
  note: z.string().trim().max(500, 'The note is at most 500 characters').optional(),
});
export const disputeRow = z.object({
  id: z.string(),
  chargeId: z.string(),
  period: z.string(),
  amount: z.number(),
  /** What was already refunded of the disputed charge (refunds the processor confirmed), in cents. */
  refundedCents: z.number(),
  status: z.enum(disputeStatuses),
  reason: z.string().nullable(),
  /** The pay-back had already been sent when it opened: lost money unless Pria wins. */
  paybackSent: z.boolean(),
  /** A $3 Charge & Pay charge (`payin`) or a plan charge (`subscription`, which has no pay-back). */
  chargeKind: z.enum(['payin', 'subscription']),
  /** What the dispute means for the charge's pay-back (`disputePaybackLabels` has the words). */
  payback: z.enum(disputePaybacks),
  openedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  customer: z.object({ id: z.string(), email: z.string().nullable() }),
  card: z.object({ id: z.string(), brand: z.string(), lastFour: z.string() }),
});
export type DisputeRow = z.infer<typeof disputeRow>;
