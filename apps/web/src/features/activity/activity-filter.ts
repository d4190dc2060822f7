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
