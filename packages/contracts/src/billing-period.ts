import { z } from 'zod';

/**
 * The first month Pria's money engine ran for: the service opened in November 2026, so no
 * pay-in, pay-back or book exists before it. A period before it is not a month anyone can mean
 * (`period=0001-01` once ran a real run for January of year 1; `0000-01` was a 500: issue 38).
 */
export const firstBillingPeriod = '2026-11';

/**
 * Every month from `firstBillingPeriod` to 2099-12, written YYYY-MM: the pattern the API
 * document states, so the document and the server refuse the same. A test ties it to
 * `firstBillingPeriod`.
 */
export const billingPeriodPattern = /^(?:2026-1[12]|20(?:2[7-9]|[3-9]\d)-(?:0[1-9]|1[0-2]))$/;

/** A run's period refused (forced from the admin portal or `billing:run`): the months it may be. */
export const periodOutOfRange = (currentPeriod: string) =>
  `period must be a month from ${firstBillingPeriod} to ${currentPeriod}`;

/**
 * Whether a run may be asked for `period` when it is `currentPeriod` (New York): a month from the
 * service's first to the current one. A later month's money is not due; an earlier one's
 * is not Pria's. The one rule for the API's query, its use case and the CLI.
 */
export const isRunPeriod = (period: string, currentPeriod: string): boolean =>
  billingPeriodPattern.test(period) && period <= currentPeriod;

/**
 * A run's period as the API takes it. The current month is the server's (its clock, New York),
 * known only when a request is checked, so the document states the pattern and says the rest.
 */
export function runPeriodQuery(currentPeriod: () => string) {
  const refusal = () => periodOutOfRange(currentPeriod());
  return z
    .string()
    .regex(billingPeriodPattern, { error: refusal, abort: true })
    .refine((p) => isRunPeriod(p, currentPeriod()), { error: refusal })
    .describe(
      `A month, YYYY-MM, from ${firstBillingPeriod} to the current month (New York); default: the latest one due`,
    );
}
