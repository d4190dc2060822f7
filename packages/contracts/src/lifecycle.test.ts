import { describe, expect, it } from 'vitest';
import { planStateWords } from './lifecycle.ts';

describe('planStateWords', () => {
  it('says a paused or cancelled plan is one, not "Active" (issue 40)', () => {
    expect(planStateWords({ state: 'paused', endsAt: '2027-06-01T20:00:00.000Z' })).toBe('Paused');
    expect(planStateWords({ state: 'cancelled', endsAt: '2027-06-01T20:00:00.000Z' })).toBe(
      'Cancelled — ends Jun 1, 2027',
    );
  });

  it('names the end date by New York’s calendar, whatever the instant’s UTC day', () => {
    // 2027-06-02 01:00 UTC is still June 1 in New York.
    expect(planStateWords({ state: 'cancelled', endsAt: '2027-06-02T01:00:00.000Z' })).toBe(
      'Cancelled — ends Jun 1, 2027',
    );
  });

  it('says an inactive plan has ended, and the other states in words', () => {
    expect(planStateWords({ state: 'inactive', endsAt: null })).toBe('Ended');
    expect(planStateWords({ state: 'active', endsAt: null })).toBe('Active');
    expect(planStateWords({ state: 'pending_verification', endsAt: null })).toBe('Pending verification');
    expect(planStateWords({ state: 'none', endsAt: null })).toBe('No plan');
  });
});
