import { newYorkDayBounds } from '@pria/contracts';

/** Spec: the activity window defaults to the past 180 days (15552000000 ms). */
export const DEFAULT_WINDOW_MS = 15_552_000_000;

export type ActivityMode = 'all' | 'card' | 'range';
/** Days as 'YYYY-MM-DD' (Mantine dates values). */
export type DayRange = [string | null, string | null];

export function defaultWindow(now: number): { start: number; end: number } {
  return { start: now - DEFAULT_WINDOW_MS, end: now };
}

/** A picked range covers whole New York days (the days staff read the rows in), and never reaches past now. */
export function rangeWindow([from, to]: DayRange, now: number): { start: number; end: number } | undefined {
  if (!from) return undefined;
  const start = newYorkDayBounds(from).start.getTime();
  const end = Math.min(newYorkDayBounds(to ?? from).end.getTime(), now);
  return { start, end };
}
