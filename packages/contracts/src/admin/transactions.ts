import { z } from 'zod';
import { customerId, day, order, orderedRange, page, pageOf, pageSize } from './shared.ts';
import { transactionStatuses, transactionTypes } from './transaction-words.ts';

export * from './transaction-words.ts';

export const transactionSortFields = ['createdAt', 'amount', 'type', 'transactionStatus'] as const;

/** The transactions list's filters, shared by the list and its CSV export. */
export const transactionFilters = {
  /** The processor's transaction id or our reference, exact. */
  transactionId: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().max(200, 'transactionId is at most 200 characters'))
    .optional(),
  /** Case-insensitive part of a type: 'capture' matches CAPTURE and SUBSCRIPTION_CAPTURE. */
  type: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().max(40, 'type is at most 40 characters'))
    .optional(),
  status: z
    .enum(transactionStatuses, { error: `status must be one of ${transactionStatuses.join(', ')}` })
    .optional(),
  /** Created on or after this New York day. */
  from: day('from').optional(),
  /** Created on or before this New York day. */
  to: day('to').optional(),
  /** A client's id, or their email (issue 29); an empty one is refused like any other non-id. */
  userId: z
    .string()
    .trim()
    .refine(
      (v) => customerId.safeParse(v).success || z.email().safeParse(v).success,
      'userId must be a customer id or an email address',
    )
    .meta({
      type: 'string',
      anyOf: [
        { type: 'string', format: 'uuid' },
        { type: 'string', format: 'email' },
      ],
      description: "A client's id or email address",
    })
    .optional(),
};

export const transactionListQuery = z
  .object({
    sort: z
      .enum(transactionSortFields, { error: `sort must be one of ${transactionSortFields.join(', ')}` })
      .default('createdAt'),
    order,
    page,
    limit: pageSize,
    ...transactionFilters,
  })
  .superRefine(orderedRange);
export type TransactionListQuery = z.input<typeof transactionListQuery>;

export const adminTransactionRow = z.object({
  id: z.string(),
  /** When the row was written (the list's order). */
  createdAt: z.string(),
  /** When it was due, sent to the processor and settled, by the engine's clock (ISO). */
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  transactionId: z.string(),
  customer: z.object({ id: z.string(), email: z.string().nullable() }),
  card: z.object({ id: z.string(), brand: z.string(), brandCode: z.string(), lastFour: z.string() }),
  type: z.enum(transactionTypes),
  transactionStatus: z.enum(transactionStatuses),
  isVerified: z.boolean(),
  isReturned: z.boolean(),
  /** Cents. */
  amount: z.number(),
  remarks: z.string().nullable(),
  description: z.string(),
  /** The charge's latest dispute, if any (issue 16). */
  dispute: z.enum(['open', 'won', 'lost']).nullable().optional(),
  /** Cents refunded of a plan charge. */
  refundedCents: z.number().optional(),
  /**
   * Cents that can still be refunded of a captured plan charge (less refunds done or on their way;
   * 0 while the cardholder's bank returns it through a dispute, open or lost; list pages); null for
   * any other row. The refund's own rule: a row with 0 is refused by `POST /refunds` too.
   */
  refundableCents: z.number().nullable().optional(),
});
export type AdminTransactionRow = z.infer<typeof adminTransactionRow>;
export const transactionListPage = pageOf(adminTransactionRow);

/** PUT /api/v1/transactions: verify captured charges (type containing CAPTURE, not yet verified). */
export const verifyTransactionsRequest = z.object({
  ids: z
    .array(z.uuid({ error: 'ids must be transaction ids' }))
    .min(1, 'Select at least one transaction')
    .max(500, 'At most 500 transactions at once'),
  isVerified: z.literal(true, { error: 'isVerified must be true' }),
});
export type VerifyTransactionsRequest = z.infer<typeof verifyTransactionsRequest>;
