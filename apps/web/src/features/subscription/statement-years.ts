import { dayInNewYork } from '@pria/contracts';

/** The calendar year in New York at `instant`: on New Year's Eve in Honolulu it is already the next. */
export const yearInNewYork = (instant: number) => Number(dayInNewYork(instant).slice(0, 4));

/**
 * The years a statement can be asked for, newest first: the last five, and none before the
 * customer joined (a year before the account held nothing: an empty file, found by a walk).
 */
export function statementYears(thisYear: number, joinedYear: number | undefined): string[] {
  const first = Math.max(thisYear - 4, Math.min(joinedYear ?? thisYear - 4, thisYear));
  const years: string[] = [];
  for (let year = thisYear; year >= first; year--) years.push(String(year));
  return years;
}
