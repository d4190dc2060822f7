import { describe, expect, it } from 'vitest';
import { latestDuePayin, latestDuePayout, newYorkDay, payinDueAt, payoutDueAt } from './billing-schedule.ts';

describe('billing schedule (New York time)', () => {
  it('puts 16:00 New York at 21:00 UTC in winter and 20:00 UTC in summer', () => {
    expect(payinDueAt('2026-01').toISOString()).toBe('2026-01-28T21:00:00.000Z');
    expect(payinDueAt('2026-07').toISOString()).toBe('2026-07-28T20:00:00.000Z');
    expect(payoutDueAt('2026-07').toISOString()).toBe('2026-08-02T20:00:00.000Z');
  });

  it('crosses the year end', () => {
    expect(payoutDueAt('2026-12').toISOString()).toBe('2027-01-02T21:00:00.000Z');
    expect(latestDuePayin(new Date('2027-01-01T12:00:00Z'))).toBe('2026-12');
    expect(latestDuePayout(new Date('2027-01-02T20:59:59Z'))).toBe('2026-11');
    expect(latestDuePayout(new Date('2027-01-02T21:00:00Z'))).toBe('2026-12');
  });

  it('uses the DST-change days correctly (Mar 8 and Nov 1, 2026)', () => {
    // The 2nd of November 2026 is after the fall-back change: 16:00 EST = 21:00 UTC.
    expect(payoutDueAt('2026-10').toISOString()).toBe('2026-11-02T21:00:00.000Z');
    // The 2nd of April is after the spring-forward change: 16:00 EDT = 20:00 UTC.
    expect(payoutDueAt('2026-03').toISOString()).toBe('2026-04-02T20:00:00.000Z');
    // Just before and after the due instant.
    expect(latestDuePayin(new Date('2026-03-28T19:59:59Z'))).toBe('2026-02');
    expect(latestDuePayin(new Date('2026-03-28T20:00:00Z'))).toBe('2026-03');
  });

  it('answers the latest due period for any instant', () => {
    expect(latestDuePayin(new Date('2026-11-22T12:00:00Z'))).toBe('2026-10');
    expect(latestDuePayout(new Date('2026-11-22T12:00:00Z'))).toBe('2026-10');
    expect(latestDuePayout(new Date('2026-11-02T20:00:00Z'))).toBe('2026-09');
  });

  it('names the New York day, not the UTC day', () => {
    expect(newYorkDay(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
  });
});
