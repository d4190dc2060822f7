import { describe, expect, it } from 'vitest';
import { planPeriod, planPeriodEnd } from './plan-period.ts';

// The plan period, defined once (issue 38): what a subscription is given and what a prorated
// refund counts. New York days, whole months.
describe('a plan period', () => {
  it('runs from the start of its New York day to the same day N months later', () => {
    expect(planPeriodEnd('2026-12-01', 6)).toEqual(new Date('2027-06-01T04:00:00Z')); // EDT
    expect(planPeriodEnd('2026-06-01', 6)).toEqual(new Date('2026-12-01T05:00:00Z')); // EST
    const { start, end } = planPeriod('2026-12-01', 6);
    expect(start.toISO()).toBe('2026-12-01T00:00:00.000-05:00');
    expect(end.toISO()).toBe('2027-06-01T00:00:00.000-04:00');
  });

  it('ends on the last day of a shorter month (Jan 31 + 1 month = Feb 28, or 29)', () => {
    expect(planPeriod('2027-01-31', 1).end.toISODate()).toBe('2027-02-28');
    expect(planPeriod('2028-01-31', 1).end.toISODate()).toBe('2028-02-29');
  });

  it('refuses a length that is no whole number of months, and a key that is no day: no default', () => {
    expect(() => planPeriod('2027-01-31', 0)).toThrow(RangeError);
    expect(() => planPeriod('2027-01-31', 1.5)).toThrow(RangeError);
    expect(() => planPeriod('2027-02-30', 6)).toThrow(RangeError);
  });
});
