import { describe, expect, it } from 'vitest';
import { renewsOn } from './plan-price.ts';

describe('renewsOn: the renewal date checkout states', () => {
  it('adds the plan months to New York’s date', () => {
    // 03:00 UTC on Dec 1 is still Nov 30 in New York.
    expect(renewsOn({ intervalCount: 6 }, new Date('2026-12-01T03:00:00Z'))).toBe('May 30, 2027');
    expect(renewsOn({ intervalCount: 12 }, new Date('2026-11-27T15:00:00Z'))).toBe('November 27, 2027');
  });

  it('clamps to the last day of a shorter month', () => {
    expect(renewsOn({ intervalCount: 1 }, new Date('2027-01-31T15:00:00Z'))).toBe('February 28, 2027');
    expect(renewsOn({ intervalCount: 6 }, new Date('2026-08-31T15:00:00Z'))).toBe('February 28, 2027');
  });
});
