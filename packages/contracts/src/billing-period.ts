import { z } from 'zod';

/**
 * The first month Pria's money engine ran for: the service opened in November 2026, so no
 * pay-in, pay-back or book exists before it. It is the default of PRIA_FIRST_BILLING_PERIOD,
 * the setting an installation states its own first month in (a test installation that walks
 * the calendar from earlier says so). A period before it is not a month anyone can mean
 * (`period=0001-01` once ran a real run for January of year 1; `0000-01` was a 500: issue 38).
 */
export const firstBillingPeriod = '2026-11';

/** A month, YYYY-MM, of the years a first billing period may be in. */
export const periodShape = /^20\d\d-(0[1-9]|1[0-2])$/;

/**
 * Whether a run may be asked for `period`: a month from the installation's first billing period
 * to the current one (New York). A later month's money is not due; an earlier one's is not
 * Pria's. The one rule for the API's query, its use case and the CLI (months written YYYY-MM
 * compare as text).
 */
export const isRunPeriod = (period: string, range: { first: string; current: string }): boolean =>
  periodShape.test(period) && period >= range.first && period <= range.current;

/** A run's period refused (forced from the admin portal or `billing:run`): the months it may be. */
export const periodOutOfRange = (range: { first: string; current: string }) =>
  `period must be a month from ${range.first} to ${range.current}`;

const months = (from: number) =>
  Array.from({ length: 13 - from }, (_, i) => String(from + i).padStart(2, '0')).join('|');

/**
 * The months from `first` (YYYY-MM) through 2099-12 as a pattern: `isRunPeriod`'s lower bound in
 * the form the API document states, so the document refuses what the server refuses. A test
 * ties the two.
 */
export function periodsFrom(first: string): RegExp {
  const [year, month] = first.split('-').map(Number) as [number, number];
  const laterYears = Array.from({ length: 2099 - year }, (_, i) => year + 1 + i).join('|');
  const later = laterYears ? `|(?:${laterYears})-(?:0[1-9]|1[0-2])` : '';
  return new RegExp(`^(?:${year}-(?:${months(month)})${later})$`);
}

/**
 * A run's period as the API takes it. The current month is the server's (its clock, New York),
 * known only when a request is checked: the document states the pattern from `first` and says
 * the rest.
 */
export function runPeriodQuery(first: string, currentPeriod: () => string) {
  const range = () => ({ first, current: currentPeriod() });
  const refusal = () => periodOutOfRange(range());
  return z
    .string()
    .regex(periodsFrom(first), { error: refusal, abort: true })
    .refine((p) => isRunPeriod(p, range()), { error: refusal })
    .describe(`A month, YYYY-MM, from ${first} to the current month (New York); default: the latest one due`);
}
