import { z } from 'zod';
import { adminMessages } from './shared.ts';

/** A run as forcing it answers (202) and as its progress reads: done / total / failed. */
export const billingRunProgress = z.object({
  id: z.uuid(),
  kind: z.enum(['payin', 'payout', 'subscriptions']),
  /** 'YYYY-MM' (pay-in, payout) or the New York day 'YYYY-MM-DD' (renewals). */
  period: z.string(),
  status: z.enum(['running', 'completed']),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** Pay-in: cards not charged because the period's window closed while Pria was unavailable. */
  missed: z.number().int(),
});
export type BillingRunProgress = z.infer<typeof billingRunProgress>;
/** GET /billing/runs/{id}: the progress with when it started and finished. */
export const billingRunDetail = billingRunProgress.extend({
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type BillingRunDetail = z.infer<typeof billingRunDetail>;

/**
 * What forcing a run would do now, shown before staff confirm it (GET …/preview): which month (or
 * day, for renewals), how many charges or pay-backs on how many cards, and their total.
 */
export const forcedRunPreview = z.object({
  kind: z.enum(['payin', 'payout', 'subscriptions']),
  /** 'YYYY-MM' (pay-in, payout) or the New York day 'YYYY-MM-DD' (renewals). */
  period: z.string(),
  /** Charges (pay-in, renewals) or pay-backs (payout) the run would send. */
  count: z.number().int(),
  /** On how many cards. */
  cards: z.number().int(),
  /** Their sum, in cents. */
  totalCents: z.number().int(),
  /** Pay-in: plans whose renewal, due before the 28th, is not settled yet; their cards wait for it. */
  waitingRenewals: z.number().int(),
});
export type ForcedRunPreview = z.infer<typeof forcedRunPreview>;

export const billingRunRow = z.object({
  id: z.string(),
  kind: z.enum(['payin', 'payout', 'subscriptions']),
  /** 'YYYY-MM' (pay-in, payout) or the New York day 'YYYY-MM-DD' (renewals). */
  period: z.string(),
  status: z.enum(['running', 'completed']),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  /** Pay-in: cards not charged because the period's window closed while Pria was unavailable. */
  missed: z.number(),
  /** Pay-in: renewals due before the 28th it still waits for. */
  waiting: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  forcedAt: z.string().nullable(),
  windowClosedAt: z.string().nullable(),
});
export type BillingRunRow = z.infer<typeof billingRunRow>;

const attentionCard = z.object({
  id: z.string(),
  brand: z.string(),
  brandCode: z.string(),
  lastFour: z.string(),
});
/** A pay-back staff should look at: delayed (3 or more failed tries) or returned by the card. */
export const paybackAttentionRow = z.object({
  id: z.string(),
  period: z.string(),
  /** Cents. */
  amount: z.number(),
  state: z.enum(['delayed', 'returned']),
  tries: z.number(),
  reason: z.string().nullable(),
  nextTryAt: z.string().nullable(),
  updatedAt: z.string(),
  customer: z.object({ id: z.string(), email: z.string().nullable() }),
  /** The card that was charged. */
  card: attentionCard,
  /** Where staff sent it instead, if they did. */
  sentTo: attentionCard.nullable(),
  /** The customer's other cards still registered: where a returned pay-back can go. */
  otherCards: z.array(attentionCard),
});
export type PaybackAttentionRow = z.infer<typeof paybackAttentionRow>;

export const sendPaybackToCardRequest = z.object({
  cardId: z.uuid({ error: adminMessages.paybackCardNotOwn }),
});
