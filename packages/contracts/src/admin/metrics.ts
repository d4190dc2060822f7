import { z } from 'zod';

/**
 * A month's money figures. Present only for callers who may see money (`transaction:payin`,
 * as GET /billing/reconciliation): support reads the home's counts, not the books (ADR 14).
 */
export const monthMoney = z.object({
  /** Captured $3 pay-ins created in the month, cents. */
  chargedCents: z.number(),
  /** Captured plan charges created in the month, cents. */
  subscriptionChargedCents: z.number(),
  /** Pay-backs paid in the month, cents. */
  paidBackCents: z.number(),
  captured: z.number(),
  declined: z.number(),
  /** declined / (captured + declined), 0..1; 0 when nothing was tried. */
  declineRate: z.number(),
});
export const monthMetrics = z.object({
  /** New York month, '2026-11'. */
  month: z.string(),
  /** Subscriptions active at the month's end (approximated from created_at / expires_at). */
  activeSubscriptions: z.number(),
  ...monthMoney.partial().shape,
});
export const reconciliationRow = z.object({
  period: z.string(),
  charged: z.object({ count: z.number(), cents: z.number() }),
  declined: z.object({ count: z.number() }),
  /** Never sent: the period's window closed while Pria was unavailable (not a decline). */
  missed: z.object({ count: z.number() }),
  pending: z.object({ count: z.number() }),
  paidBack: z.object({ count: z.number(), cents: z.number() }),
  /** Pay-backs that failed a try and wait for the next one. */
  retrying: z.object({ count: z.number(), cents: z.number() }),
  returned: z.object({ count: z.number(), cents: z.number() }),
  /** Charges disputed by the cardholder (open or lost): `withheld` and `lost` together. */
  disputed: z.object({ count: z.number(), cents: z.number() }),
  /** Disputed before the pay-back was sent: the pay-back is withheld (not owed). */
  withheld: z.object({ count: z.number(), cents: z.number() }),
  /** Disputed after the pay-back was sent and not won: paid twice. */
  lost: z.object({ count: z.number(), cents: z.number() }),
  /**
   * The period's $3 charges refunded (count) and what went back (cents). Plan-charge refunds are
   * not in a $3 period's books (ADR 37).
   */
  refunded: z.object({ count: z.number(), cents: z.number() }),
  outstanding: z.object({ count: z.number(), cents: z.number() }),
});
export const adminMetrics = z.object({
  totalUsers: z.number(),
  subscribers: z.number(),
  cards: z.number(),
  transactions: z.number(),
  months: z.array(monthMetrics),
  /** Whether the money parts (months' figures, reconciliation, attention) are included (ADR 14). */
  money: z.boolean(),
  /** Money callers only (`transaction:payin`); [] for support. */
  reconciliation: z.array(reconciliationRow),
  /**
   * What the home's banners ask staff to look at (see GET /billing/payouts/attention); money
   * callers only, absent for support.
   */
  attention: z
    .object({
      delayedPaybacks: z.number(),
      returnedPaybacks: z.number(),
      /** Pay-in and payout runs not completed an hour after their due instant. */
      overdueRuns: z.array(
        z.object({ kind: z.enum(['payin', 'payout']), period: z.string(), dueAt: z.string() }),
      ),
      /** Captures not paid back a day after their pay-back instant. */
      outstandingPaybacks: z.object({ count: z.number(), cents: z.number() }),
      /** Chargebacks nobody has decided yet. */
      openDisputes: z.number(),
    })
    .optional(),
});
export type AdminMetrics = z.infer<typeof adminMetrics>;
