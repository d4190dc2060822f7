import { formatUsd } from '@pria/contracts';
import type { Plan } from '../customer/types.ts';

/**
 * Spec: the price per interval shown is price / 100 / intervalCount, i.e. the monthly
 * equivalent ($36 every 6 months shows as $6.00 / month). Rounded to the cent for display only.
 */
export function pricePerInterval(plan: Plan): string {
  return formatUsd(Math.round(plan.price / Math.max(1, plan.intervalCount)));
}

export function billedEvery(plan: Plan): string {
  const unit = plan.intervalCount === 1 ? plan.interval : `${plan.interval}s`;
  return `billed every ${plan.intervalCount} ${unit}`;
}

/**
 * The day a plan bought now renews, as the server dates periods (subscription-period.ts): New
 * York's calendar date plus intervalCount months, a day past the month's end clamped to its last
 * day (Jan 31 + 1 month = Feb 28). "November 27, 2027".
 */
export function renewsOn(plan: Pick<Plan, 'intervalCount'>, now = new Date()): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' })
    .format(now)
    .split('-')
    .map(Number) as [number, number, number];
  const months = m - 1 + plan.intervalCount;
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(year, month, Math.min(d, lastDay)));
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
