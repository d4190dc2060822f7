import { NEW_YORK } from '@pria/contracts';
import { DateTime } from 'luxon';
import { planPeriod } from '../plan-period.ts';
import type { RefundableCharge } from './refunds.repo.ts';

type ChargeForRefund = Pick<
  RefundableCharge,
  'id' | 'amount_cents' | 'refunded' | 'period' | 'interval_count'
>;

/**
 * The plan period a plan charge paid (`planPeriod`, the subscriptions' own). A charge without its
 * plan has no known period: an error, never a guessed length.
 */
export function chargePeriod(charge: Pick<RefundableCharge, 'id' | 'period' | 'interval_count'>) {
  if (charge.interval_count === null)
    throw new Error(`charge ${charge.id} paid no plan: its period is unknown`);
  return planPeriod(charge.period, charge.interval_count);
}

/** What can still be refunded of a charge: the charge less refunds not failed, cents. */
export const refundLeft = (charge: Pick<RefundableCharge, 'amount_cents' | 'refunded'>) =>
  Math.max(Number(charge.amount_cents) - Number(charge.refunded), 0);

/**
 * How much a refund of a plan charge sends back: in full, what is left of it; prorated, the
 * unused days of the period it paid (New York days; today counts as used) less what earlier
 * refunds of the charge already returned, never more than is left. So a second prorated refund
 * after one returned the unused days sends nothing: only a full refund returns the used days.
 */
export function refundAmount(charge: ChargeForRefund, mode: 'full' | 'prorated', now: Date): number {
  const left = refundLeft(charge);
  if (mode === 'full') return left;
  const { start, end } = chargePeriod(charge);
  const today = DateTime.fromJSDate(now, { zone: NEW_YORK }).startOf('day');
  const totalDays = Math.round(end.diff(start, 'days').days);
  const unusedDays = Math.min(Math.max(Math.round(end.diff(today, 'days').days) - 1, 0), totalDays);
  const unused = Math.round((Number(charge.amount_cents) * unusedDays) / totalDays);
  return Math.max(Math.min(unused - Number(charge.refunded), left), 0);
}
