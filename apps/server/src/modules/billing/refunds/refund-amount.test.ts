import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { refundAmount } from './refund-amount.ts';

// How much a refund of a plan charge sends back (issue 16): in full, what is left; prorated, the
// unused New York days of the period it paid (today counts as used), never more than is left.
const ny = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' }).toJSDate();
// A Semi-Annual charge of $38.97 for the period from March 1st to September 1st 2031 (184 days).
const charge = { amount_cents: 3897, refunded: 0, period: '2031-03-01', interval_count: 6 };

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

  it('prorated never sends back more than is left', () => {
    expect(refundAmount({ ...charge, refunded: 3800 }, 'prorated', ny('2031-03-01T09:00'))).toBe(97);
  });

  it('in full when everything was refunded sends back nothing', () => {
    expect(refundAmount({ ...charge, refunded: 3897 }, 'full', ny('2031-05-10T12:00'))).toBe(0);
  });
});
