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

/** A picked day range, from the start of the first day to the end of the last (local time). */
export function dayRange(from: Date, to: Date): ActivityRange {
  const start = new Date(from);
  start.setHours(0, 0, 0, 0);
  const end = new Date(to);
  end.setHours(23, 59, 59, 999);
  return { startDate: start.getTime(), endDate: Math.min(end.getTime(), Date.now()) };
}
