import { describe, expect, it } from 'vitest';
import {
  firstBillingPeriod,
  isRunPeriod,
  periodOutOfRange,
  periodsFrom,
  runPeriodQuery,
} from './billing-period.ts';

/** Every month from 2000-01 through 2099-12, counted by the calendar, not by a pattern. */
const everyMonth = Array.from(
  { length: 100 * 12 },
  (_, i) => `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
);

describe('the period pattern the API document states', () => {
  it.each([firstBillingPeriod, '2026-01', '2027-12', '2099-12'])(
    'from %s matches exactly the months the rule allows from it (any current month to 2099-12)',
    (first) => {
      const pattern = periodsFrom(first);
      const range = { first, current: '2099-12' };
      expect(everyMonth.filter((p) => pattern.test(p) !== isRunPeriod(p, range))).toEqual([]);
      expect(pattern.test(first)).toBe(true);
    },
  );

  it('matches no year 0000 or 0001, no month before the first, nothing malformed', () => {
    const pattern = periodsFrom(firstBillingPeriod);
    for (const p of ['0000-01', '0001-01', '1999-12', '2026-10', '2100-01', '2026-13', '2027-00']) {
      expect(pattern.test(p), p).toBe(false);
    }
    for (const p of ['2027-1', '27-01', '2027-01-01', ' 2027-01', '2027-01 ', '']) {
      expect(pattern.test(p), p).toBe(false);
    }
  });
});

describe("a run's period", () => {
  const range = { first: '2026-11', current: '2027-03' };

  it('is a month from the first billing period to the current one', () => {
    expect(isRunPeriod('2026-11', range)).toBe(true);
    expect(isRunPeriod('2027-03', range)).toBe(true);
    expect(isRunPeriod('2026-10', range)).toBe(false);
    expect(isRunPeriod('2027-04', range)).toBe(false);
    expect(isRunPeriod('0001-01', range)).toBe(false);
    expect(isRunPeriod('2027-3', range)).toBe(false);
  });

  it('is refused by the query schema with the range, the current month read when checked', () => {
    let current = '2027-03';
    const query = runPeriodQuery('2026-11', () => current);
    expect(query.safeParse('2027-03').success).toBe(true);
    for (const p of ['0000-01', '0001-01', '2026-10', '2027-04', 'March']) {
      const r = query.safeParse(p);
      expect(r.error?.issues.map((i) => i.message)).toEqual([periodOutOfRange(range)]);
    }
    current = '2027-04';
    expect(query.safeParse('2027-04').success).toBe(true);
    expect(query.safeParse('2027-05').error?.issues[0]?.message).toBe(
      'period must be a month from 2026-11 to 2027-04',
    );
  });
});
