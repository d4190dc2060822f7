import { newYorkDayBounds } from '@pria/contracts';

/** Spec: the activity window is the last 15552000000 ms (180 days) unless a custom range is chosen. */
export const ACTIVITY_WINDOW_MS = 15_552_000_000;
export const ACTIVITY_PAGE_SIZE = 10;

export type ActivityFilterMode = 'all' | 'card' | 'range';

export interface ActivityRange {
  startDate: number;
  endDate: number;
}

export function defaultRange(now = Date.now()): ActivityRange {
  return { startDate: now - ACTIVITY_WINDOW_MS, endDate: now };
}

/**
 * Picked days ('YYYY-MM-DD'), from the start of the first to the end of the last, in New York:
 * the days the rows are dated in, whatever the browser's zone.
 */
export function dayRange(from: string, to: string, now = Date.now()): ActivityRange {
  const startDate = newYorkDayBounds(from).start.getTime();
  const endDate = newYorkDayBounds(to).end.getTime();
  return { startDate, endDate: Math.min(endDate, now) };
}

/** What is wrong with a custom range's days ('YYYY-MM-DD', or '' when not given), if anything. */
export type CustomRangeProblem = 'startMissing' | 'startAfterToday' | 'endAfterToday' | 'endBeforeStart';

/**
 * Spec: a date-range filter cannot pick future dates. `today` is New York's ('YYYY-MM-DD'); the end
 * may be left out (the range is then the start day alone). Days in this form compare as text.
 */
export function customRangeProblems(
  from: string,
  to: string,
  today: string,
): { from?: CustomRangeProblem; to?: CustomRangeProblem } {
  const problems: { from?: CustomRangeProblem; to?: CustomRangeProblem } = {};
  if (!from) problems.from = 'startMissing';
  else if (from > today) problems.from = 'startAfterToday';
  if (to && to > today) problems.to = 'endAfterToday';
  else if (to && from && to < from) problems.to = 'endBeforeStart';
  return problems;
}
