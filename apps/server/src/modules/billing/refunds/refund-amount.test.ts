import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { planPeriodEnd } from '../plan-period.ts';
import { chargePeriod, refundAmount } from './refund-amount.ts';

// How much a refund of a plan charge sends back (issue 16): in full, what is left; prorated, the
// unused New York days of the period it paid (today counts as used), never more than is left.
const ny = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' }).toJSDate();
// A Semi-Annual charge of $38.97 for the period from March 1st to September 1st 2031 (184 days).
const charge = { id: 'charge-1', amount_cents: 3897, refunded: 0, period: '2031-03-01', interval_count: 6 };

describe('a refund of a plan charge', () => {
  it('in full sends back the whole charge', () => {
    expect(refundAmount(charge, 'full', ny('2031-05-10T12:00'))).toBe(3897);
  });

  it('in full, after a partial refund, sends back only what is left', () => {
    expect(refundAmount({ ...charge, refunded: 1000 }, 'full', ny('2031-05-10T12:00'))).toBe(2897);
  });

  it('prorated on its first day sends back all but that day', () => {
    // 183 of 184 days unused.
    expect(refundAmount(charge, 'prorated', ny('2031-03-01T09:00'))).toBe(Math.round((3897 * 183) / 184));
  });

  it('prorated counts New York days: 11 pm in New York is still that day', () => {
    // 2031-03-01 23:30 New York is 04:30 UTC on the 2nd: still the first day.
    expect(refundAmount(charge, 'prorated', ny('2031-03-01T23:30'))).toBe(Math.round((3897 * 183) / 184));
  });

  it('prorated on its last day sends back nothing', () => {
    expect(refundAmount(charge, 'prorated', ny('2031-08-31T12:00'))).toBe(0);
  });

  it('prorated after an earlier refund sends back only the unused days not refunded yet', () => {
    // 183 unused days are worth 3876; 3800 went back already.
    expect(refundAmount({ ...charge, refunded: 3800 }, 'prorated', ny('2031-03-01T09:00'))).toBe(76);
  });

  it('prorated again after a prorated refund sends back nothing: the used days stay paid', () => {
    const first = refundAmount(charge, 'prorated', ny('2031-03-20T12:00'));
    expect(first).toBe(Math.round((3897 * 164) / 184)); // March 21 to August 31 unused
    expect(refundAmount({ ...charge, refunded: first }, 'prorated', ny('2031-03-20T15:00'))).toBe(0);
    expect(refundAmount({ ...charge, refunded: first }, 'prorated', ny('2031-04-20T12:00'))).toBe(0);
    // A full refund returns the rest.
    expect(refundAmount({ ...charge, refunded: first }, 'full', ny('2031-03-20T15:00'))).toBe(3897 - first);
  });

  it('in full when everything was refunded sends back nothing', () => {
    expect(refundAmount({ ...charge, refunded: 3897 }, 'full', ny('2031-05-10T12:00'))).toBe(0);
  });

  it('prorated counts the days of the period the subscription was given: the same plan period', () => {
    for (const [period, months] of [
      ['2031-03-01', 6],
      ['2031-01-31', 1],
      ['2031-11-03', 12],
    ] as const) {
      expect(chargePeriod({ id: 'c', period, interval_count: months }).end.toJSDate()).toEqual(
        planPeriodEnd(period, months),
      );
    }
  });

  it('prorated of a charge that paid no plan is an error, never a guessed period', () => {
    expect(() =>
      refundAmount({ ...charge, interval_count: null }, 'prorated', ny('2031-03-01T09:00')),
    ).toThrow(/paid no plan/);
    expect(refundAmount({ ...charge, interval_count: null }, 'full', ny('2031-03-01T09:00'))).toBe(3897);
  });
});
