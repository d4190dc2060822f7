import { formatMonth, NEW_YORK } from '@pria/contracts';
import { DateTime } from 'luxon';

/**
 * When money moves, in New York time (the spec: "the 28th at 4pm Eastern" and "the 2nd of the
 * following month at 4pm Eastern"). Computed with the zone's rules, so EST/EDT changes and the
 * year end need no special cases: 16:00 in New York is 21:00 UTC in winter, 20:00 in summer.
 */
export const PAYIN_DAY = 28;
export const PAYOUT_DAY = 2;
export const RUN_HOUR = 16;

/** A billing period is a calendar month, written 'YYYY-MM'. */
export type Period = string;

const monthStart = (period: Period) => DateTime.fromFormat(period, 'yyyy-MM', { zone: NEW_YORK });
const periodOf = (d: DateTime): Period => d.toFormat('yyyy-MM');

export function isPeriod(value: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/**
 * Remembers a period's instants: the engine asks for them once per recorded outcome, and the
 * zone arithmetic costs more than the rest of recording one. Callers get their own Date.
 */
function perPeriod(instant: (period: Period) => Date): (period: Period) => Date {
  const known = new Map<Period, number>();
  return (period) => {
    let ms = known.get(period);
    if (ms === undefined) {
      ms = instant(period).getTime();
      if (known.size > 1000) known.clear();
      known.set(period, ms);
    }
    return new Date(ms);
  };
}

/** The instant the pay-in for period P is due: the 28th of P at 16:00 New York. */
export const payinDueAt = perPeriod((period) =>
  monthStart(period).set({ day: PAYIN_DAY, hour: RUN_HOUR }).toJSDate(),
);

/** The instant the payout for period P is due: the 2nd of P+1 at 16:00 New York. */
export const payoutDueAt = perPeriod((period) =>
  monthStart(period).plus({ months: 1 }).set({ day: PAYOUT_DAY, hour: RUN_HOUR }).toJSDate(),
);

/**
 * The pay-in of P runs automatically only until P's pay-back instant, so a charge is never more
 * than five days from its pay-back and never in the same tick as it (ADR 7). A period whose
 * window closed unrun is recorded `missed`; only staff may still force it.
 */
export const payinWindowClosesAt = (period: Period): Date => payoutDueAt(period);

/** The period `n` months after P (negative: before). */
export function addMonths(period: Period, n: number): Period {
  return periodOf(monthStart(period).plus({ months: n }));
}

/** Why a card has no pay-in for P, in the customer's words (a `missed` attempt's remarks). */
export function missedReason(period: Period): string {
  return `No payment in ${formatMonth(period, 'name')}: Pria was unavailable`;
}

/** The most recent period whose pay-in is due at `at` (its 28th 16:00 has passed). */
export function latestDuePayin(at: Date): Period {
  const now = DateTime.fromJSDate(at, { zone: NEW_YORK });
  const thisMonth = periodOf(now);
  return at >= payinDueAt(thisMonth) ? thisMonth : periodOf(now.startOf('month').minus({ months: 1 }));
}

/** The most recent period whose payout is due at `at` (the 2nd 16:00 after it has passed). */
export function latestDuePayout(at: Date): Period {
  const now = DateTime.fromJSDate(at, { zone: NEW_YORK });
  const previous = periodOf(now.startOf('month').minus({ months: 1 }));
  return at >= payoutDueAt(previous) ? previous : periodOf(now.startOf('month').minus({ months: 2 }));
}

/** The New York calendar day of an instant, 'YYYY-MM-DD' (the period of a renewals run). */
export function newYorkDay(at: Date): string {
  return DateTime.fromJSDate(at, { zone: NEW_YORK }).toISODate() ?? '';
}

export function currentPeriod(at: Date): Period {
  return periodOf(DateTime.fromJSDate(at, { zone: NEW_YORK }));
}

/** The next pay-in after `at`: the period whose 28th 16:00 New York is the first one to come. */
export function nextPayinPeriod(at: Date): Period {
  const p = currentPeriod(at);
  return at < payinDueAt(p) ? p : addMonths(p, 1);
}

export const nextPayinDueAt = (at: Date): Date => payinDueAt(nextPayinPeriod(at));
