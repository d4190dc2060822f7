import { describe, expect, it } from 'vitest';
import { cleanPhone } from './profile-values.ts';

describe('the phone number typed or pasted', () => {
  it('keeps digits only, ten at most', () => {
    expect(cleanPhone('2025550104')).toBe('2025550104');
    expect(cleanPhone('20255501049')).toBe('2025550104');
    expect(cleanPhone('202a555')).toBe('202555');
  });

  it('keeps the ten digits of a number pasted as numbers are written (a walk: "(202) 555-0104" became "202555")', () => {
    expect(cleanPhone('(202) 555-0104')).toBe('2025550104');
    expect(cleanPhone('202-555-0104')).toBe('2025550104');
    expect(cleanPhone('202.555.0104')).toBe('2025550104');
  });

  it("drops the country's 1 before ten digits", () => {
    expect(cleanPhone('+1 202 555 0104')).toBe('2025550104');
    expect(cleanPhone('1-202-555-0104')).toBe('2025550104');
    expect(cleanPhone('12025550104')).toBe('2025550104');
  });
});
