import { describe, expect, it } from 'vitest';
import { customRangeProblems, dayRange } from './activity-filter.ts';

describe('customRangeProblems', () => {
  const today = '2026-12-05';

  it('takes a range up to today, and a start day alone', () => {
    expect(customRangeProblems('2026-11-01', '2026-12-05', today)).toEqual({});
    expect(customRangeProblems('2026-12-05', '', today)).toEqual({});
    expect(customRangeProblems('2026-11-30', '2026-11-30', today)).toEqual({});
  });

  it('asks for a start day', () => {
    expect(customRangeProblems('', '', today)).toEqual({ from: 'startMissing' });
    expect(customRangeProblems('', '2026-12-01', today)).toEqual({ from: 'startMissing' });
  });

  it('refuses a day after today (spec: no future dates), across a year end too', () => {
    expect(customRangeProblems('2026-12-06', '', today)).toEqual({ from: 'startAfterToday' });
    expect(customRangeProblems('2026-12-01', '2027-01-01', today)).toEqual({ to: 'endAfterToday' });
    expect(customRangeProblems('2026-12-31', '2026-12-31', '2026-12-30')).toEqual({
      from: 'startAfterToday',
      to: 'endAfterToday',
    });
  });

  it('refuses an end before the start', () => {
    expect(customRangeProblems('2026-11-10', '2026-11-09', today)).toEqual({ to: 'endBeforeStart' });
    expect(customRangeProblems('2026-01-01', '2025-12-31', today)).toEqual({ to: 'endBeforeStart' });
  });
});

describe('dayRange', () => {
  it("runs from the first day's New York midnight to the last day's end, never past now", () => {
    const now = Date.parse('2026-12-05T17:00:00Z'); // 12:00 in New York
    const range = dayRange('2026-11-01', '2026-12-05', now);
    expect(new Date(range.startDate).toISOString()).toBe('2026-11-01T04:00:00.000Z'); // EDT
    expect(range.endDate).toBe(now);
    const winter = dayRange('2026-11-02', '2026-11-02', now);
    expect(new Date(winter.startDate).toISOString()).toBe('2026-11-02T05:00:00.000Z'); // EST
    expect(winter.endDate - winter.startDate).toBe(24 * 3600 * 1000 - 1);
  });
});
