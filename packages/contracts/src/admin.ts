import { z } from 'zod';
import { subscriptionStatuses } from './customers.ts';
import { tooLong } from './text-limits.ts';

/**
 * The admin portal's API (spec: admin portal §2, §5, §7): list queries as the browser sends
 * them (everything arrives as query-string text) and the answers' `data`. Lists page with
 * page (1-based) and limit 10 | 25 | 50; order is asc or desc (any case), default desc.
 */

export const adminPageSizes = [10, 25, 50] as const;
export type AdminPageSize = (typeof adminPageSizes)[number];

/** Messages of the admin screens (spec §8) and of the server's refusals. */
export const adminMessages = {
  transactionsVerified: 'Transactions Verified',
  transactionVerificationFailed: 'Transaction Verification Failed',
  invalidFilter: 'Invalid filter',
  invalidNextToken: 'Invalid nextToken',
  invalidLimit: 'limit must be 10, 25 or 50',
  paybackSent: 'Pay-back scheduled to the chosen card',
  paybackRetried: 'Pay-back will be tried again within a minute',
  paybackNotReturned: 'Only a returned pay-back can be sent to another card',
  paybackNotDelayed: 'Only a pay-back waiting for its next try can be tried now',
  paybackCardNotOwn: "Choose one of this customer's own cards",
  paybackSameCard: 'This card returned the pay-back: choose another of the customer’s cards',
  refundSent: 'Refund sent',
  refundPending: 'Refund sent to the processor; its answer is pending',
  refundFailed: 'The processor refused the refund',
  refundOnlyPlanCharges: 'Only a captured plan charge can be refunded',
  refundNothingLeft: 'Nothing is left to refund on this charge',
  refundNoUnusedDays:
    'No unused days of this charge are left to refund (an earlier refund returned them, or its period is ending): a full refund returns the rest',
  refundKeyReused: 'This Idempotency-Key was already used for another refund',
  refundReasonRequired: 'Give a reason for the refund',
  refundWhileDisputed:
    'This charge is disputed: the cardholder’s bank is returning the money. Refund only after the dispute is decided.',
  refundAfterDisputeLost:
    'The cardholder’s bank took this charge back (the dispute was lost): nothing is left to refund.',
  chargeNotFound: 'Charge not found',
  disputeNotFound: 'Dispute not found',
  disputeDecided: 'Dispute decision recorded',
  disputeAlreadyDecided: 'This dispute is already decided',
  periodFormat: 'period must look like 2026-11',
  payinNotDue: (month: string, due: string) =>
    `The pay-in for ${month} is not due yet: it can run from ${due}.`,
  payoutBeforePayin: (month: string | null) =>
    month
      ? `No pay-in has run for ${month}: there is nothing to pay back for it.`
      : 'No pay-in has run yet: there is nothing to pay back.',
  passwordResetSent: 'Password reset link sent',
  passwordResetNoPassword: 'This client has no Pria password to reset (they sign in with Google or Facebook)',
} as const;

/** A billing period: a calendar month, 'YYYY-MM'. */
/** A month, YYYY-MM. */
const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
export const billingPeriod = z.string().regex(monthPattern, adminMessages.periodFormat);

const pageSize = z.coerce
  .number<number | string>({ error: adminMessages.invalidLimit })
  .refine(
    (n): n is AdminPageSize => (adminPageSizes as readonly number[]).includes(n),
    adminMessages.invalidLimit,
  )
  .default(10)
  .meta({ type: 'integer', enum: [...adminPageSizes], description: 'Rows per page: 10, 25 or 50' });
const page = z.coerce
  .number<number | string>({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(100_000, 'page is too large')
  .default(1)
  .meta({ type: 'integer', minimum: 1, maximum: 100_000, description: 'The page, from 1' });
const order = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }))
  .default('desc')
  .meta({ type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'], description: 'Sort order, any case' });
const epochMs = z.coerce
  .number<number | string>({ error: 'times are epoch milliseconds' })
  .int('times are epoch milliseconds')
  .min(0, 'times are epoch milliseconds')
  .max(8_640_000_000_000_000, 'times are epoch milliseconds')
  .meta({ type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000, description: 'Epoch milliseconds' });
const customerId = z.uuid({ error: 'userId must be a customer id' });

/** Every list answers this page envelope inside `data`. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    currentPage: z.number(),
    rowsCount: z.number(),
    lastPage: z.number(),
    totalCount: z.number(),
  });
export type Page<T> = {
  rows: T[];
  currentPage: number;
  rowsCount: number;
  lastPage: number;
  totalCount: number;
};

// --- Clients (GET /api/v1/customers) ------------------------------------------------------

export const customerSortFields = ['id', 'createdAt', 'email', 'firstName', 'lastName', 'phone'] as const;
export type CustomerSortField = (typeof customerSortFields)[number];

/**
 * The decoded `filter` of the client list: column -> value, each matched as a case-insensitive
 * substring ('phone' and 'postalCode' compare digits only). `deleted`: false (default) lists
 * active customers, true only deleted ones, 'any' both.
 */
/** A subscription's state as staff read it (cancelled and paused are active until their end). */
export const subscriptionStates = [
  'active',
  'paused',
  'cancelled',
  'inactive',
  'pending_verification',
  'none',
] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

/** A search filter's text, too long said in words (tooLong). */
const filterText = (label: string, max: number) => z.string().max(max, tooLong(label, max));

export const customerFilter = z
  .object({
    id: filterText('Id', 100).optional(),
    email: filterText('Email', 100).optional(),
    firstName: filterText('First name', 100).optional(),
    middleName: filterText('Middle name', 100).optional(),
    lastName: filterText('Last name', 100).optional(),
    phone: z.union([z.string(), z.number()]).transform(String).pipe(filterText('Phone', 100)).optional(),
    postalCode: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(filterText('ZIP code', 20))
      .optional(),
    administrativeArea: filterText('State', 100).optional(),
    deleted: z.union([z.boolean(), z.literal('any')]).optional(),
    /** The subscription's state: active, paused, cancelled, inactive, pending_verification, none. */
    subscription: z
      .enum(subscriptionStates, { error: `subscription must be one of ${subscriptionStates.join(', ')}` })
      .optional(),
  })
  .strict();
export type CustomerFilter = z.infer<typeof customerFilter>;

/** Base64 (standard or URL-safe) of a JSON object, as the browser keeps it in the URL. */
export function encodeFilter(filter: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(filter));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function decodeFilter(text: string): unknown {
  const normal = text.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normal)) throw new Error('not base64');
  const binary = atob(normal.padEnd(Math.ceil(normal.length / 4) * 4, '='));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

/** `filter=` decoded safely: anything that is not base64 of a known JSON object is 'Invalid filter'. */
export const base64CustomerFilter = z
  .string()
  .max(2000, adminMessages.invalidFilter)
  .transform((text, ctx) => {
    if (text.trim() === '') return {};
    let value: unknown;
    try {
      value = decodeFilter(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: adminMessages.invalidFilter });
      return z.NEVER;
    }
    const parsed = customerFilter.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: adminMessages.invalidFilter });
      return z.NEVER;
    }
    return parsed.data;
  });

/** How the client list's `filter` is written, for /api/docs. */
const filterDescription =
  'Base64 (standard or URL-safe) of a JSON object {column: value}. Columns id, email, firstName, middleName, lastName, administrativeArea, phone, postalCode match a case-insensitive part (phone and postalCode by digits); deleted: false (default, active customers), true (deleted only) or "any"; subscription: active, paused, cancelled, inactive, pending_verification or none. Anything else is 400 "Invalid filter". Example: eyJlbWFpbCI6ImFubiJ9 is {"email":"ann"}.';

/** The `filter` parameter: its grammar, machine-readable (JSON Schema contentEncoding/contentSchema). */
const filterParam = () =>
  base64CustomerFilter.optional().meta({
    type: 'string',
    maxLength: 2000,
    contentEncoding: 'base64',
    contentMediaType: 'application/json',
    contentSchema: z.toJSONSchema(customerFilter, { io: 'input', target: 'draft-2020-12' }),
    description: filterDescription,
  });

export const customerListQuery = z.object({
  sort: z
    .enum(customerSortFields, { error: `sort must be one of ${customerSortFields.join(', ')}` })
    .default('id'),
  order,
  page,
  limit: pageSize,
  search: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().max(100, 'search is at most 100 characters'))
    .optional()
    .meta({ description: 'A part of the id, email, name or phone' }),
  filter: filterParam(),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

export const adminAddress = z.object({
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  locality: z.string().nullable(),
  administrativeArea: z.string().nullable(),
  country: z.string(),
  postalCode: z.string().nullable(),
});

export const adminCustomerRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  address: adminAddress,
  onBoardingIndex: z.number(),
  /** Set when the customer deleted their account (only listed with filter deleted: true | 'any'). */
  deletedAt: z.string().nullable(),
  subscription: z
    .object({
      id: z.string(),
      plan: z.object({ id: z.string(), name: z.string() }),
      status: z.enum(subscriptionStatuses),
      /** active, paused, cancelled, inactive or pending_verification. */
      state: z.enum(subscriptionStates),
      expiresAt: z.number().nullable(),
      card: z.object({ id: z.string() }).nullable(),
    })
    .nullable(),
});
export type AdminCustomerRow = z.infer<typeof adminCustomerRow>;
export const customerListPage = pageOf(adminCustomerRow);

// --- Transactions (GET /api/v1/admin/transactions, PUT /api/v1/transactions) -----------------

export const transactionTypes = ['CAPTURE', 'SUBSCRIPTION_CAPTURE', 'PAYOUT'] as const;
export type TransactionType = (typeof transactionTypes)[number];
/**
 * The types in words on staff screens (issue 29: the table showed SUBSCRIPTION_CAPTURE). The API,
 * its filter and the CSV export keep the codes: they are the spec's values ("type (for example
 * CAPTURE)") and what spreadsheets and scripts match on.
 */
export const transactionTypeNames: Record<TransactionType, string> = {
  CAPTURE: 'Monthly charge',
  SUBSCRIPTION_CAPTURE: 'Plan charge',
  PAYOUT: 'Pay-back',
};
/** `missed`: a month Pria could not charge (its window closed while Pria was unavailable). */
export const transactionStatuses = ['success', 'failed', 'pending', 'missed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
export const transactionSortFields = ['createdAt', 'amount', 'type', 'transactionStatus'] as const;

/**
 * The days a date filter reaches: no row is older or newer, and PostgreSQL has no year 0000 (nor
 * a day after 9999-12-31 to end a range on).
 */
const firstDay = '1900-01-01';
const lastDay = '9998-12-31';

/**
 * A calendar day (New York), YYYY-MM-DD: the bounds of a date range, both included. Any real
 * day is taken, as `format: date` says (0247-01-26 and 9999-12-31 too: issue 41); one outside
 * the years any row can have is the same filter as the first or last day that can.
 */
const day = (name: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) =>
        /^\d{4}-\d{2}-\d{2}$/.test(v) &&
        // A real calendar day (not 2026-02-30).
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${name} must be a date like 2026-01-31`,
    )
    .transform((v) => (v < firstDay ? firstDay : v > lastDay ? lastDay : v))
    .meta({
      type: 'string',
      format: 'date',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: `${name}: a New York day, YYYY-MM-DD`,
    });

/** from <= to when both are given. */
const orderedRange = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be on or before to' });
};

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

/**
 * Which rows staff may verify (spec §5: "rows whose type contains CAPTURE and that are not yet
 * verified"): a charge that went through. A declined, missed or still pending charge moved no
 * money, so there is nothing to verify (issue 29: a declined $3 could be marked Verified). The
 * server refuses the rest in `verifyTransactions`, and the database holds is_verified only on a
 * captured charge (migration 0079); the screen offers a checkbox on these rows only.
 */
export const isVerifiable = (row: Pick<AdminTransactionRow, 'type' | 'transactionStatus' | 'isVerified'>) =>
  row.type.includes('CAPTURE') && row.transactionStatus === 'success' && !row.isVerified;

/** PUT /api/v1/transactions: verify captured charges (type containing CAPTURE, not yet verified). */
export const verifyTransactionsRequest = z.object({
  ids: z
    .array(z.uuid({ error: 'ids must be transaction ids' }))
    .min(1, 'Select at least one transaction')
    .max(500, 'At most 500 transactions at once'),
  isVerified: z.literal(true, { error: 'isVerified must be true' }),
});
export type VerifyTransactionsRequest = z.infer<typeof verifyTransactionsRequest>;

// --- Logs (GET /api/v1/logs, GET /api/v1/logs/{userId}) --------------------------------------

const filterPattern = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().max(200, 'filterPattern is at most 200 characters'))
  .optional();

export const logsQuery = z.object({
  filterPattern,
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
  limit: z.coerce
    .number<number | string>({ error: 'limit must be 1 to 100' })
    .int('limit must be 1 to 100')
    .min(1, 'limit must be 1 to 100')
    .max(100, 'limit must be 1 to 100')
    .default(10)
    .meta({ type: 'integer', minimum: 1, maximum: 100 }),
  /** Opaque: pass back the previous answer's nextToken for the following (older) events. */
  nextToken: z.string().max(500, adminMessages.invalidNextToken).optional(),
});
export type LogsQuery = z.input<typeof logsQuery>;

export const logEvent = z.object({
  /** Epoch ms. */
  timestamp: z.number(),
  logStreamName: z.string(),
  message: z.string(),
});
export type LogEvent = z.infer<typeof logEvent>;
/** Newest first; nextToken is null when there is nothing older. */
export const logsPage = z.object({ events: z.array(logEvent), nextToken: z.string().nullable() });
export type LogsPage = z.infer<typeof logsPage>;

export const userLogsParams = z.object({ userId: customerId });
export const userLogsQuery = z.object({
  filterPattern,
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
  page,
  limit: pageSize,
});
export type UserLogsQuery = z.input<typeof userLogsQuery>;

export const locationInfo = z.object({
  city_name: z.string().nullable(),
  country_name: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export const userLogRow = z.object({
  user_id: z.string(),
  ip: z.string().nullable(),
  user_name: z.string().nullable(),
  /** ISO 8601. */
  date: z.string(),
  user_agent: z.string().nullable(),
  /** Null when no GeoIP database is configured or the address is private/unknown (UI shows '-'). */
  location_info: locationInfo.nullable(),
  success: z.boolean(),
  /** Why a sign-in failed ('password', 'locked', ...); null on success. */
  reason: z.string().nullable(),
});
export type UserLogRow = z.infer<typeof userLogRow>;
export const userLogsPage = z.object({ logs: z.array(userLogRow), total: z.number() });
export type UserLogsPage = z.infer<typeof userLogsPage>;

// --- Metrics (GET /api/v1/admin/metrics) ----------------------------------------------------

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

// --- Money engine (GET /api/v1/billing/runs, /billing/payouts/attention) ---------------------

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

// --- Refunds and disputes (POST /api/v1/refunds, GET /api/v1/disputes) -----------------------

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

export const disputeStatuses = ['open', 'won', 'lost'] as const;

/**
 * A dispute's pay-back: `none` for a plan charge (nothing is paid back); for a $3 charge
 * `already_sent` (sent before the dispute opened), `withheld` (open, or lost: the bank returned
 * the money) or `released` (won: it goes to the card at the next tick).
 */
export const disputePaybacks = ['none', 'already_sent', 'withheld', 'released'] as const;
export type DisputePayback = (typeof disputePaybacks)[number];
export const disputePaybackLabels: Record<DisputePayback, string> = {
  none: 'No pay-back — plan charge',
  already_sent: 'Already sent',
  withheld: 'Withheld',
  released: 'Released',
};
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

// --- Operations (issue 16): exports, the audit trail, staff -----------------------------------

/** GET /api/v1/admin/exports/transactions.csv: the list's filters, every matching row. */
export const transactionExportQuery = z.object(transactionFilters).superRefine(orderedRange);
export type TransactionExportQuery = z.input<typeof transactionExportQuery>;

/** GET /api/v1/admin/exports/clients.csv: the client list's search and filter. */
export const clientExportQuery = z.object({
  search: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().max(100, 'search is at most 100 characters'))
    .optional(),
  filter: filterParam(),
});
export type ClientExportQuery = z.input<typeof clientExportQuery>;

/** GET /api/v1/admin/exports/reconciliation.csv: one period's charges, each with its pay-back and dispute. */
export const reconciliationExportQuery = z.object({
  period: z
    .string({ error: 'period is required, like 2026-11' })
    .trim()
    .regex(monthPattern, adminMessages.periodFormat),
});
export type ReconciliationExportQuery = z.input<typeof reconciliationExportQuery>;

/** GET /api/v1/admin/audit: the staff audit trail, newest first. */
export const auditQuery = z
  .object({
    /** The staff member's email (exact, any case). */
    actor: z
      .string()
      .trim()
      .max(320, 'actor is at most 320 characters')
      .transform((s) => s.toLowerCase())
      .optional(),
    /** An action, e.g. refund.create, or its prefix ending in a dot: 'staff.' */
    action: z
      .string()
      .trim()
      .max(100, 'action is at most 100 characters')
      .regex(/^[a-z_.-]*$/, 'action is letters, dots, dashes and underscores, e.g. refund.create')
      .optional(),
    from: day('from').optional(),
    to: day('to').optional(),
    page,
    limit: pageSize,
  })
  .superRefine(orderedRange);
export type AuditQuery = z.input<typeof auditQuery>;

export const auditRow = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  actorRoles: z.array(z.string()),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  clientIp: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditPage = pageOf(auditRow);

/** The Staff screen's words, and the server's refusals of staff changes (issue 30). */
export const staffMessages = {
  invitationSent: 'Invitation sent',
  invitationResent: 'Invitation sent again: the earlier link no longer works',
  invitationRevoked: 'Invitation revoked: the link no longer works',
  roleChanged: 'Role changed',
  disabled: 'Staff member disabled',
  enabled: 'Staff member enabled',
  emailTaken: 'An account with this email already exists',
  lastAdmin: 'Pria must keep at least one enabled admin: make someone else an admin first',
  notAdmin: 'You are no longer an enabled admin',
  alreadyAccepted: 'This person has already set their password: their invitation is used',
  notPending: 'There is no pending invitation to revoke',
  notFound: 'Staff member not found',
  selfDemote: 'You cannot remove your own admin role; ask another admin',
  selfDisable: 'You cannot disable yourself; ask another admin',
  externalDirectory: 'Staff roles come from your identity provider: manage them there',
  staffCannotDeleteAccount:
    'Staff accounts are not deleted here: another admin disables your staff account from Admin → Staff',
} as const;

const staffRoleField = z.enum(['support', 'finance', 'admin'], {
  error: 'role must be one of support, finance, admin',
});

export const staffInviteRequest = z.object({
  email: z
    .string()
    .trim()
    .max(320, 'email is at most 320 characters')
    .pipe(z.email('Enter a valid email address.'))
    .meta({ type: 'string', format: 'email', maxLength: 320 }),
  role: staffRoleField,
});
export type StaffInviteRequest = z.infer<typeof staffInviteRequest>;

export const staffRoleRequest = z.object({ role: staffRoleField });
export const staffDisableRequest = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false' }),
});
export const staffParams = z.object({
  id: z.string().regex(/^auth\|[0-9a-f-]{36}$/i, 'id must be a staff member id'),
});

/** The latest invitation sent to a staff member and what became of it (issue 30). */
export const staffInvitation = z.object({
  state: z.enum(['pending', 'expired', 'revoked', 'accepted']),
  role: staffRoleField,
  sentAt: z.string(),
  expiresAt: z.string(),
  /** Who sent it: an admin's email, or `cli:<user>` for the command line. */
  invitedBy: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitation>;

export const staffRow = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  disabled: z.boolean(),
  /** Invited and has not set a password yet. */
  invited: z.boolean(),
  createdAt: z.string(),
  invitation: staffInvitation.nullable(),
});
export type StaffRow = z.infer<typeof staffRow>;
