import { describe, expect, it } from 'vitest';
import {
  dayInNewYork,
  formatDate,
  formatDateTime,
  formatMonth,
  formatTime,
  instantInNewYork,
  isoInNewYork,
  newYorkDayBounds,
  wallTimeInNewYork,
} from './calendar.ts';

describe("a date is New York's calendar date", () => {
  it("writes the spec's two formats: MM/DD/YYYY and MMMM DD, YYYY", () => {
    expect(formatDate('2027-06-01T04:00:00Z', 'numeric')).toBe('06/01/2027');
    expect(formatDate('2027-06-01T04:00:00Z')).toBe('June 01, 2027');
  });

  it('gives the plan bought on December 1 the end New York gives it: June 01, 2027, not May 31', () => {
    // The period ends at New York's midnight: 9 pm on May 31 in Los Angeles, 6 pm in Honolulu.
    const ends = new Date('2027-06-01T04:00:00Z');
    expect(formatDate(ends)).toBe('June 01, 2027');
    expect(formatDate(ends.getTime())).toBe('June 01, 2027');
  });

  it('reads 00:30 UTC as the day before in New York', () => {
    expect(formatDate('2026-12-09T00:30:00Z', 'numeric')).toBe('12/08/2026');
    expect(dayInNewYork('2026-12-09T00:30:00Z')).toBe('2026-12-08');
    expect(formatDateTime('2026-12-09T00:30:00Z')).toBe('December 08, 2026 at 7:30 PM ET');
  });

  it('reads 9 pm in New York as that day, though it is the next morning in Tokyo', () => {
    expect(formatDate('2026-12-02T02:00:00Z')).toBe('December 01, 2026');
  });

  it('keeps the year end in New York: 04:59 UTC on January 1 is still December 31', () => {
    expect(formatDate('2027-01-01T04:59:59Z', 'numeric')).toBe('12/31/2026');
    expect(formatDate('2027-01-01T05:00:00Z', 'numeric')).toBe('01/01/2027');
  });

  it('follows the clock changes: midnight is 05:00 UTC in winter and 04:00 UTC in summer', () => {
    // March 14, 2027: clocks go from 2:00 EST to 3:00 EDT; November 7, 2027: from 2:00 EDT to 1:00 EST.
    expect(formatDate('2027-03-14T04:59:00Z', 'numeric')).toBe('03/13/2027');
    expect(formatDate('2027-03-14T05:00:00Z', 'numeric')).toBe('03/14/2027');
    expect(formatTime('2027-03-14T06:59:00Z')).toBe('1:59 AM ET');
    expect(formatTime('2027-03-14T07:00:00Z')).toBe('3:00 AM ET');
    expect(formatDate('2027-11-07T03:59:00Z', 'numeric')).toBe('11/06/2027');
    expect(formatDate('2027-11-07T04:00:00Z', 'numeric')).toBe('11/07/2027');
    expect(formatTime('2027-11-07T05:30:00Z')).toBe('1:30 AM ET');
    expect(formatTime('2027-11-07T06:30:00Z')).toBe('1:30 AM ET');
  });

  it("reads a bare 'YYYY-MM-DD' as that New York day, not as UTC midnight (the evening before)", () => {
    expect(formatDate('2027-06-01')).toBe('June 01, 2027');
    expect(formatDate('2030-01-10', 'medium')).toBe('Jan 10, 2030');
    expect(dayInNewYork('2027-03-14')).toBe('2027-03-14');
  });

  it('writes the shorter forms from the same calendar', () => {
    const payBack = '2026-12-02T21:00:00Z'; // the 2nd at 4 pm New York
    expect(formatDate(payBack, 'weekday')).toBe('Wednesday, December 2');
    expect(formatDate(payBack, 'monthDay')).toBe('December 2');
    expect(formatDate(payBack, 'shortMonthDay')).toBe('Dec 2');
    expect(formatDate(payBack, 'medium')).toBe('Dec 2, 2026');
    expect(formatDate(payBack, 'compact')).toBe('12/02/26');
    // A document's day, unpadded (the legal pages' "Last updated").
    expect(formatDate(payBack, 'written')).toBe('December 2, 2026');
    expect(formatDate(payBack, 'written', 'es-US')).toBe('2 de diciembre de 2026');
    expect(formatDateTime(payBack, 'medium')).toBe('Dec 2, 2026 at 4:00 PM ET');
  });

  it('refuses what is not a date instead of writing "Invalid Date"', () => {
    expect(() => formatDate('soon')).toThrow(RangeError);
    expect(() => formatDate(Number.NaN)).toThrow(RangeError);
  });
});

describe('a month is a calendar month', () => {
  it("names a period 'YYYY-MM' the same in every zone", () => {
    expect(formatMonth('2030-01')).toBe('January 2030');
    expect(formatMonth('2026-12', 'short')).toBe('Dec 2026');
    expect(formatMonth('2026-12', 'name')).toBe('December');
    expect(() => formatMonth('2026-13-01')).toThrow(RangeError);
  });
});

describe("New York's wall clock", () => {
  it('turns an instant into the wall clock and back', () => {
    expect(wallTimeInNewYork('2026-12-09T00:30:00Z')).toBe('2026-12-08 19:30:00');
    expect(instantInNewYork('2026-12-08 19:30:00').toISOString()).toBe('2026-12-09T00:30:00.000Z');
    expect(instantInNewYork('2027-06-01').toISOString()).toBe('2027-06-01T04:00:00.000Z');
    expect(instantInNewYork('2027-01-01').toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });

  it('reads a time the clocks skip in the offset before the change, and a doubled one as the first', () => {
    // 2:30 on March 14, 2027 never shows in New York: it is 3:30 EDT. 1:30 on November 7 shows twice.
    expect(instantInNewYork('2027-03-14 02:30').toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(instantInNewYork('2027-03-14 03:00').toISOString()).toBe('2027-03-14T07:00:00.000Z');
    expect(instantInNewYork('2027-11-07 01:30').toISOString()).toBe('2027-11-07T05:30:00.000Z');
    expect(instantInNewYork('2027-11-07 03:00').toISOString()).toBe('2027-11-07T08:00:00.000Z');
  });

  it('gives a day its 23 or 25 hours on the days the clocks change', () => {
    const march = newYorkDayBounds('2027-03-14');
    expect(march.start.toISOString()).toBe('2027-03-14T05:00:00.000Z');
    expect(march.end.toISOString()).toBe('2027-03-15T03:59:59.999Z');
    const november = newYorkDayBounds('2027-11-07');
    expect(november.end.getTime() + 1 - november.start.getTime()).toBe(25 * 3_600_000);
    const yearEnd = newYorkDayBounds('2026-12-31');
    expect(yearEnd.end.toISOString()).toBe('2027-01-01T04:59:59.999Z');
  });

  it('writes files an ISO instant with New York’s offset: the same instant, the New York date', () => {
    const winter = '2026-12-02T02:00:00.000Z';
    expect(isoInNewYork(winter)).toBe('2026-12-01T21:00:00.000-05:00');
    expect(new Date(isoInNewYork(winter)).toISOString()).toBe(winter);
    expect(isoInNewYork('2027-06-01T04:00:00.250Z')).toBe('2027-06-01T00:00:00.250-04:00');
  });
});

describe('the calendar in US Spanish (issue 42)', () => {
  it("writes New York's day and time as es-US readers read them", () => {
    // 20:00 UTC on June 1 2027 is 4:00 PM in New York (EDT).
    const at = new Date('2027-06-01T20:00:00Z');
    expect(formatDate(at, 'long', 'es-US')).toBe('1 de junio de 2027');
    // Never day-first digits a US reader would misread (06/01 is June 1 in English, 1 jun in Spanish).
    expect(formatDate(at, 'numeric', 'en-US')).toBe('06/01/2027');
    expect(formatDate(at, 'numeric', 'es-US')).toBe('1 jun 2027');
    expect(formatDateTime(at, 'long', 'es-US')).toBe(
      '1 de junio de 2027 a las 4:00 p.m., hora de Nueva York',
    );
    // 02:00 UTC on June 2 is still June 1 in New York.
    expect(formatDate(new Date('2027-06-02T02:00:00Z'), 'long', 'es-US')).toBe('1 de junio de 2027');
  });
});
