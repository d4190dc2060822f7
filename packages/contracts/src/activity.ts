import { z } from 'zod';
import { activityKinds } from './activity-words.ts';
import { isoInstant } from './customers.ts';

/**
 * A customer's money activity (GET /transactions for the caller, GET /customers/{id}/transactions
 * for staff): charges to their cards, Pria's pay-backs to them and refunds, newest first.
 */

export * from './activity-words.ts';

const epochMs = (name: string) =>
  z.coerce
    .number<number | string>({ error: `${name} must be epoch milliseconds` })
    .int(`${name} must be epoch milliseconds`)
    .min(0, `${name} must be epoch milliseconds`)
    .max(8_640_000_000_000_000, `${name} must be epoch milliseconds`)
    .meta({ type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000 });

/** The query of an activity table; the window ends now and spans 180 days unless asked otherwise. */
export const activityQuery = z.object({
  /** Rows to answer: the spec's client starts at 10 and adds 10 per "Show More". */
  limit: z.coerce
    .number<number | string>({ error: 'limit must be 1 to 100' })
    .int('limit must be 1 to 100')
    .min(1, 'limit must be 1 to 100')
    .max(100, 'limit must be 1 to 100')
    .default(10)
    .meta({ type: 'integer', minimum: 1, maximum: 100 }),
  /** Epoch ms, included; default: 180 days before endDate. */
  startDate: epochMs('startDate').optional(),
  /** Epoch ms, included; default: now. */
  endDate: epochMs('endDate').optional(),
  /** Only this card's rows. */
  cardId: z.uuid({ error: 'cardId must be a card id' }).optional(),
});
export type ActivityQuery = z.input<typeof activityQuery>;

/**
 * What the State means, whatever the words (issue 42: the screens coloured a badge by matching its
 * words, which missed Spanish and "Disputed"): `done` (charged, paid back), `pending` (processing,
 * scheduled, retrying, waiting for verification), `problem` (declined, missed, returned, disputed,
 * not paid back), `refunded` (a plan charge given back).
 */
export const activityTones = ['done', 'pending', 'problem', 'refunded'] as const;
export type ActivityTone = (typeof activityTones)[number];

export const activityRow = z.object({
  id: z.uuid(),
  /** charge: Pria charged the card; payment: Pria paid $3 back to it; refund: a plan charge refunded. */
  type: z.enum(activityKinds),
  createdAt: isoInstant,
  card: z.object({ id: z.uuid(), brand: z.string(), lastFour: z.string() }),
  description: z.string(),
  /**
   * What the State column says: Charged, Declined, Paid, Retrying, Returned, Disputed... The
   * description, state and remarks are in the customer's language for their own activity
   * (GET /transactions), English for staff.
   */
  transactionState: z.string(),
  /** What the state means, the same in every language: colour and sort by this, not the words. */
  stateTone: z.enum(activityTones),
  /** Cents. */
  amount: z.number().int(),
  remarks: z.string().nullable(),
  /** A plan charge's or a refund's receipt: download it from GET /receipts/{id}. */
  receipt: z.object({ id: z.uuid(), number: z.string() }).nullable(),
});
export type ActivityRow = z.infer<typeof activityRow>;

export const activityPage = z.object({ rows: z.array(activityRow), totalCount: z.number().int() });
export type ActivityPage = z.infer<typeof activityPage>;
