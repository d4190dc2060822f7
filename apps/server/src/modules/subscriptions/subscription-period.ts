import { NEW_YORK } from '@pria/contracts';
import { DateTime } from 'luxon';

/**
 * Subscription periods are New York calendar days: a period keyed "2026-11-22" runs from the
 * start of that day to the start of the same day N months later (Jan 31 + 1 month = Feb 28/29).
 * The key makes "one period is paid at most once" a database constraint; consecutive periods
 * touch, so renewals never gain or lose a day.
 */
export function periodKeyAt(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: NEW_YORK }).toISODate() ?? '';
}

export function periodEnd(key: string, intervalMonths: number): Date {
  return DateTime.fromISO(key, { zone: NEW_YORK }).plus({ months: intervalMonths }).startOf('day').toJSDate();
}
