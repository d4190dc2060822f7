import { newYorkDayBounds } from '@pria/contracts';

/** Spec: the activity window defaults to the past 180 days (15552000000 ms). */
export const DEFAULT_WINDOW_MS = 15_552_000_000;

export type ActivityMode = 'all' | 'card' | 'range';
/** Days as 'YYYY-MM-DD' (Mantine dates values). */
export type DayRange = [string | null, string | null];

export function defaultWindow(now: number): { start: number; end: number } {
  return { start: now - DEFAULT_WINDOW_MS, end: now };
}

/**
 * A picked range covers whole New York days (the days staff read the rows in). Its last day is
 * whole too, today included (the picker offers no later day): a window cut at the instant the
 * page opened hid a refund made from the page until a reload (issue 40's walk).
 */
export function rangeWindow([from, to]: DayRange): { start: number; end: number } | undefined {
  if (!from) return undefined;
  return { start: newYorkDayBounds(from).start.getTime(), end: newYorkDayBounds(to ?? from).end.getTime() };
}
