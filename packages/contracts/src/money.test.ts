import { describe, expect, it } from 'vitest';
import { cents, formatUsd, taxOf, totalWithTax } from './money.ts';

describe('money', () => {
  it('adds tax in integer cents, rounded to the cent', () => {
    expect(totalWithTax(cents(3600), 825)).toBe(3897);
    expect(totalWithTax(cents(3600), 0)).toBe(3600);
    expect(totalWithTax(cents(3333), 725)).toBe(3575); // 3574.64... rounds up
    expect(totalWithTax(cents(1), 5000)).toBe(2); // 1.5 rounds half up
  });

  it('gives the tax as the total less the price, so the two lines add up to the total', () => {
    expect(taxOf(cents(3600), 825)).toBe(297);
    expect(taxOf(cents(3333), 725)).toBe(242); // 3575 - 3333, not 241.64 rounded on its own
    expect(taxOf(cents(3600), 0)).toBe(0);
    for (const [price, bp] of [
      [6600, 825],
      [1, 5000],
      [12_345, 1],
    ] as const)
      expect(price + taxOf(cents(price), bp)).toBe(totalWithTax(cents(price), bp));
  });

  it('refuses fractional cents', () => {
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(() => cents(Number.NaN)).toThrow(RangeError);
  });

  it('formats at the edge', () => {
    expect(formatUsd(300)).toBe('$3.00');
    expect(formatUsd(3897)).toBe('$38.97');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-300)).toBe('-$3.00');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('groups thousands exactly as en-US number formatting does', () => {
    for (const amount of [
      0, 99, 100, 99_999, 100_000, 999_999, 1_000_000, 12_345_678_901, -100_000, -987_654_321,
    ]) {
      const abs = Math.abs(amount);
      const expected = `${amount < 0 ? '-' : ''}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
      expect(formatUsd(amount)).toBe(expected);
    }
  });
});
