import { DateTime } from 'luxon';
import { NEW_YORK } from '../billing-schedule.ts';
import type { RefundableCharge } from './refunds.repo.ts';

/**
 * How much a refund of a plan charge sends back: in full, what is left of it; prorated, the
 * unused days of the period it paid (New York days; today counts as used), never more than is
 * left.
 */
export function refundAmount(
  charge: Pick<RefundableCharge, 'amount_cents' | 'refunded' | 'period' | 'interval_count'>,
  mode: 'full' | 'prorated',
  now: Date,
): number {
  const left = Number(charge.amount_cents) - Number(charge.refunded);
  if (mode === 'full') return Math.max(left, 0);
  const start = DateTime.fromISO(charge.period, { zone: NEW_YORK }).startOf('day');
  const end = start.plus({ months: charge.interval_count ?? 6 });
  const today = DateTime.fromJSDate(now, { zone: NEW_YORK }).startOf('day');
  const totalDays = Math.round(end.diff(start, 'days').days);
  const unusedDays = Math.min(Math.max(Math.round(end.diff(today, 'days').days) - 1, 0), totalDays);
  const prorated = Math.round((Number(charge.amount_cents) * unusedDays) / totalDays);
  return Math.min(prorated, left);
}
