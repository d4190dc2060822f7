import { z } from 'zod';
import { type AdminPageSize, adminMessages, adminPageSizes } from './admin-words.ts';

/**
 * What every admin list shares (spec: admin portal §2, §5, §7): queries arrive as query-string
 * text; lists page with page (1-based) and limit 10 | 25 | 50; order is asc or desc (any case),
 * default desc; date filters are New York days. The words of the admin screens and refusals
 * (admin-words.ts).
 */

export * from './admin-words.ts';

/** A billing period: a calendar month, 'YYYY-MM'. */
/** A month, YYYY-MM. */
export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
export const billingPeriod = z.string().regex(monthPattern, adminMessages.periodFormat);

export const pageSize = z.coerce
  .number<number | string>({ error: adminMessages.invalidLimit })
  .refine(
    (n): n is AdminPageSize => (adminPageSizes as readonly number[]).includes(n),
    adminMessages.invalidLimit,
  )
  .default(10)
  .meta({ type: 'integer', enum: [...adminPageSizes], description: 'Rows per page: 10, 25 or 50' });
export const page = z.coerce
  .number<number | string>({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(100_000, 'page is too large')
  .default(1)
  .meta({ type: 'integer', minimum: 1, maximum: 100_000, description: 'The page, from 1' });
export const order = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }))
  .default('desc')
  .meta({ type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'], description: 'Sort order, any case' });
export const epochMs = z.coerce
  .number<number | string>({ error: 'times are epoch milliseconds' })
  .int('times are epoch milliseconds')
  .min(0, 'times are epoch milliseconds')
  .max(8_640_000_000_000_000, 'times are epoch milliseconds')
  .meta({ type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000, description: 'Epoch milliseconds' });
export const customerId = z.uuid({ error: 'userId must be a customer id' });

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
export const day = (name: string) =>
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
export const orderedRange = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be on or before to' });
};
