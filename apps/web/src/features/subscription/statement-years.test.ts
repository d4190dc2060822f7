import { describe, expect, it } from 'vitest';
import { statementYears, yearInNewYork } from './statement-years.ts';

describe('the statement years offered', () => {
  it('starts at the year the customer joined', () => {
    expect(statementYears(2026, 2026)).toEqual(['2026']);
    expect(statementYears(2026, 2024)).toEqual(['2026', '2025', '2024']);
  });

  it('goes back five years at most', () => {
    expect(statementYears(2026, 2015)).toEqual(['2026', '2025', '2024', '2023', '2022']);
  });

  it('offers the last five while the join date is not known yet, and this year for a clock behind', () => {
    expect(statementYears(2026, undefined)).toEqual(['2026', '2025', '2024', '2023', '2022']);
    expect(statementYears(2026, 2027)).toEqual(['2026']);
  });

  it('reads the year in New York: 11 pm on Dec 31 in Honolulu is already January there', () => {
    // 23:00 on Dec 31 in Honolulu (UTC-10) is 04:00 on Jan 1 in New York.
    expect(yearInNewYork(Date.parse('2027-01-01T09:00:00Z'))).toBe(2027);
    // 23:30 on Dec 31 in New York (UTC-5).
    expect(yearInNewYork(Date.parse('2027-01-01T04:30:00Z'))).toBe(2026);
  });
});
