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
