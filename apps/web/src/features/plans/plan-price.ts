import { plural } from '@lingui/core/macro';
import { type CalendarLocale, dayInNewYork, formatDate, formatUsd } from '@pria/contracts';
// The app's Lingui instance, activated (the macros below speak through it).
import '../../app/i18n/i18n.ts';
import type { Plan } from '../customer/types.ts';

/**
 * Spec: the price per interval shown is price / 100 / intervalCount, i.e. the monthly
 * equivalent ($36 every 6 months shows as $6.00 / month). Rounded to the cent for display only.
 */
export function pricePerInterval(plan: Plan): string {
  return formatUsd(Math.round(plan.price / Math.max(1, plan.intervalCount)));
}

/** "billed every 6 months", in the language spoken now (a plural, never a word plus "s"). */
export function billedEvery(plan: Plan): string {
  const count = plan.intervalCount;
  if (plan.interval === 'month')
    return plural(count, { one: 'billed every # month', other: 'billed every # months' });
  if (plan.interval === 'year')
    return plural(count, { one: 'billed every # year', other: 'billed every # years' });
  return `billed every ${count} ${count === 1 ? plan.interval : `${plan.interval}s`}`;
}

/**
 * The day a plan bought now renews, as the server dates periods (subscription-period.ts): New
 * York's calendar date plus intervalCount months, a day past the month's end clamped to its last
 * day (Jan 31 + 1 month = Feb 28). "November 27, 2027" (or "27 de noviembre de 2027" for es-US).
 */
export function renewsOn(
  plan: Pick<Plan, 'intervalCount'>,
  now = new Date(),
  locale: CalendarLocale = 'en-US',
): string {
  const [y, m, d] = dayInNewYork(now).split('-').map(Number) as [number, number, number];
  const months = m - 1 + plan.intervalCount;
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  // Calendar arithmetic on a UTC date: no zone can move it to another day.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return formatDate(
    `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    'long',
    locale,
  );
}
