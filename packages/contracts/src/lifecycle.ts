import { z } from 'zod';
import { planStates } from './plan-state-words.ts';

export * from './plan-state-words.ts';

/**
 * What Pria will do next for a customer (GET /api/v1/subscriptions/me/upcoming), computed on the
 * server by the money engine's own schedule. Instants are ISO 8601; amounts are cents.
 */
const upcomingCard = z.object({
  id: z.string(),
  brand: z.string(),
  lastFour: z.string(),
  expirationMonth: z.number(),
  expirationYear: z.number(),
  /** The card will have expired by the instant it is listed for. */
  expiredBy: z.boolean(),
});
export type UpcomingCard = z.infer<typeof upcomingCard>;

export const upcomingSchedule = z.object({
  /** The next $3 charge on each card (the 28th, 4pm New York), or null when none will happen. */
  nextCharge: z
    .object({ at: z.string(), period: z.string(), amountPerCard: z.number(), cards: z.array(upcomingCard) })
    .nullable(),
  /** When that charge is paid back (the 2nd of the next month, 4pm New York). */
  payBack: z.object({ at: z.string() }).nullable(),
  /**
   * $3 charges already made and not paid back yet (between the 28th and the 2nd, or a pay-back
   * that is late or was returned by the card), oldest first: when each is due and to which card.
   */
  payBacksOwed: z.array(
    z.object({
      at: z.string(),
      period: z.string(),
      amountCents: z.number(),
      card: upcomingCard.nullable(),
      returned: z.boolean(),
    }),
  ),
  /**
   * The next renewal (plan price + tax on the funding card), null when it will not renew. `planName`
   * is the plan it starts: another than today's when the customer changed plan (`planChange`, ADR 40).
   */
  renewal: z
    .object({
      at: z.string(),
      amountCents: z.number(),
      card: upcomingCard.nullable(),
      planName: z.string(),
      planChange: z.boolean(),
    })
    .nullable(),
  /** When the plan ends because it will not renew (cancelled or paused), else null. */
  endsAt: z.string().nullable(),
  /** Why there is nothing upcoming: 'none' (never subscribed), 'inactive', 'pending_verification', 'paused', 'cancelled'. */
  state: z.enum(planStates),
  /** Cards that will have expired by the next charge or by the renewal they pay for. */
  expiringCards: z.array(upcomingCard),
});
export type UpcomingSchedule = z.infer<typeof upcomingSchedule>;

/** A receipt's number as customers read it: R-000123. */
export const receiptLabel = (n: number | string) => `R-${String(n).padStart(6, '0')}`;
