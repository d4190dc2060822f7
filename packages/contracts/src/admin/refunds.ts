import { z } from 'zod';
import { adminMessages } from './shared.ts';

export const refundRequest = z.object({
  chargeId: z.uuid({ error: adminMessages.chargeNotFound }),
  /** 'full': what is left of the charge; 'prorated': the unused days of its period. */
  mode: z.enum(['full', 'prorated'], { error: 'mode must be full or prorated' }),
  reason: z
    .string({ error: adminMessages.refundReasonRequired })
    .trim()
    .min(1, adminMessages.refundReasonRequired)
    .max(500, 'The reason is at most 500 characters'),
  /**
   * What the customer is told, in their email and activity. Optional: without it they get the
   * standard words. The reason above is internal (staff and the audit trail only).
   */
  customerMessage: z
    .string()
    .trim()
    .max(500, 'The message to the customer is at most 500 characters')
    .transform((s) => (s === '' ? undefined : s))
    .optional(),
});
export type RefundRequest = z.input<typeof refundRequest>;

/** GET /api/v1/refunds/preview: what a refund would be and do, before staff confirm it. */
export const refundPlanEffects = [
  'ends_plan',
  'ended_by_earlier_refund',
  'period_over',
  'plan_not_active',
] as const;
export type RefundPlanEffect = (typeof refundPlanEffects)[number];

export const refundPreviewQuery = z.object({
  chargeId: z.uuid({ error: adminMessages.chargeNotFound }),
  mode: z.enum(['full', 'prorated'], { error: 'mode must be full or prorated' }),
});
export const refundPreview = z.object({
  chargeId: z.string(),
  mode: z.enum(['full', 'prorated']),
  /** Cents this refund would send back (0 when it is refused). */
  amount: z.number(),
  /** Cents of the charge, and already refunded. */
  charged: z.number(),
  refunded: z.number(),
  /** Cents that can still be refunded before this refund, and after it. */
  left: z.number(),
  leftAfter: z.number(),
  /** The plan this charge paid for ends when the refund goes through (no more $3 charges or renewals). */
  endsPlan: z.boolean(),
  /**
   * What the refund does to the plan, given the plan and earlier refunds of the charge:
   * `ends_plan` (this charge paid the period in progress); `ended_by_earlier_refund` (an earlier
   * refund of this charge ended the plan, at `planEndedAt`); `period_over` (the charge paid a
   * period that ended at `periodEndsAt`); `plan_not_active` (its period is not over but the plan
   * no longer runs on it: cancelled, ended or changed). Only `ends_plan` changes anything.
   */
  planEffect: z.enum(refundPlanEffects),
  planName: z.string().nullable(),
  /** When the plan would have ended otherwise (ISO), for the dialog's words. */
  planWouldEndAt: z.string().nullable(),
  /** When an earlier refund of this charge ended the plan (ISO). */
  planEndedAt: z.string().nullable(),
  /** The end of the plan period this charge paid (ISO, New York midnight). */
  periodEndsAt: z.string().nullable(),
  /** Why it cannot be refunded now (not a captured plan charge, a dispute open or lost, nothing left), else null. */
  refusal: z.string().nullable(),
});
export type RefundPreview = z.infer<typeof refundPreview>;

/** POST /refunds' optional Idempotency-Key: the same key answers the same refund, never a second one. */
export const idempotencyKeyHeader = z
  .string({ error: 'Idempotency-Key must be 8 to 200 characters' })
  .trim()
  .min(8, 'Idempotency-Key must be 8 to 200 characters')
  .max(200, 'Idempotency-Key must be 8 to 200 characters');

export const refundView = z.object({
  id: z.string(),
  chargeId: z.string(),
  amount: z.number(),
  mode: z.enum(['full', 'prorated']),
  status: z.enum(['submitted', 'unknown', 'refunded', 'failed']),
  reason: z.string(),
  customerMessage: z.string().nullable(),
  failureReason: z.string().nullable(),
  requestedBy: z.string(),
  /** When this refund ended the plan its charge paid for (ISO), if it did. */
  planEndedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundView = z.infer<typeof refundView>;
