import { NEW_YORK } from '@pria/contracts';
import { DateTime } from 'luxon';

/**
 * Subscription periods are New York calendar days: a period keyed "2026-11-22" runs from the
 * start of that day to the start of the same day N months later (the money engine's one plan
 * period, `planPeriod` in billing). The key makes "one period is paid at most once" a database
 * constraint.
 */
export function periodKeyAt(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: NEW_YORK }).toISODate() ?? '';
}
