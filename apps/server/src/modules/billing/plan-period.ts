import { NEW_YORK } from '@pria/contracts';
import { DateTime } from 'luxon';

/**
 * The period a plan charge pays, defined once (issue 38): from its key, a New York calendar day
 * ("2026-11-22"), to the start of the same day `months` later (Jan 31 + 1 month = Feb 28/29).
 * Consecutive periods touch, so renewals never gain or lose a day. The subscriptions module dates
 * a plan's end with it (`subscription-period.ts`), and a prorated refund counts the unused days of
 * the same period. It sits in billing because both may import billing, and billing imports neither.
 */
export function planPeriod(key: string, months: number): { start: DateTime; end: DateTime } {
  if (!Number.isInteger(months) || months <= 0)
    throw new RangeError(`a plan period lasts whole months, not ${months}`);
  const start = DateTime.fromISO(key, { zone: NEW_YORK }).startOf('day');
  if (!start.isValid) throw new RangeError(`a plan period starts on a New York day, not "${key}"`);
  return { start, end: start.plus({ months }).startOf('day') };
}

/** When the plan period starting on day `key` ends: `planPeriod(key, months).end`. */
export const planPeriodEnd = (key: string, months: number): Date => planPeriod(key, months).end.toJSDate();
