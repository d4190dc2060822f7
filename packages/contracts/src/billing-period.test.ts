import { describe, expect, it } from 'vitest';
import {
  billingPeriodPattern,
  firstBillingPeriod,
  isRunPeriod,
  periodOutOfRange,
  runPeriodQuery,
} from './billing-period.ts';

/** Every month from `from` through 2099-12, counted by the calendar, not by the pattern. */
function monthsFrom(from: string): string[] {
  const [year, month] = from.split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let i = year * 12 + month - 1; i < 2100 * 12; i++) {
    months.push(`${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

describe('the period pattern the API document states', () => {
  it('matches every month from the first billing period through 2099-12', () => {
    const months = monthsFrom(firstBillingPeriod);
    expect(months[0]).toBe(firstBillingPeriod);
    expect(months.filter((p) => !billingPeriodPattern.test(p))).toEqual([]);
  });

  it('matches no month before the first billing period, no year 0000 or 0001, nothing malformed', () => {
    for (const p of ['2026-10', '2026-01', '2025-12', '2000-01', '0000-01', '0001-01', '1999-12']) {
      expect(billingPeriodPattern.test(p), p).toBe(false);
    }
    for (const p of ['2100-01', '2026-13', '2027-00', '2027-1', '27-01', '2027-01-01', ' 2027-01', '']) {
      expect(billingPeriodPattern.test(p), p).toBe(false);
    }
  });
});

describe("a run's period", () => {
  it('is a month from the first billing period to the current one', () => {
    expect(isRunPeriod(firstBillingPeriod, '2027-03')).toBe(true);
    expect(isRunPeriod('2027-03', '2027-03')).toBe(true);
    expect(isRunPeriod('2027-04', '2027-03')).toBe(false);
    expect(isRunPeriod('0001-01', '2027-03')).toBe(false);
  });

  it('is refused by the query schema with the range, the current month read when checked', () => {
    let current = '2027-03';
    const query = runPeriodQuery(() => current);
    expect(query.safeParse('2027-03').success).toBe(true);
    for (const p of ['0000-01', '0001-01', '2027-04', 'March']) {
      const r = query.safeParse(p);
      expect(r.error?.issues.map((i) => i.message)).toEqual([periodOutOfRange('2027-03')]);
    }
    current = '2027-04';
    expect(query.safeParse('2027-04').success).toBe(true);
    expect(query.safeParse('2027-05').error?.issues[0]?.message).toBe(
      'period must be a month from 2026-11 to 2027-04',
    );
  });
});
