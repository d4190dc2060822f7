import { describe, expect, it } from 'vitest';
import { isUuid, timeOrderedHex, timeOrderedUuid } from './ids.ts';

describe('timeOrderedUuid', () => {
  it('is a UUID version 7 with the RFC 9562 variant, the millisecond first', () => {
    const at = Date.UTC(2030, 0, 28, 21, 0, 0, 123);
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('holds any millisecond up to the 48 bits', () => {
    for (const at of [0, 1, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 5, 2 ** 48 - 1]) {
      const id = timeOrderedUuid(at);
      expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
    }
  });

  it('orders ids of later milliseconds after earlier ones, and never repeats', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) =>
      timeOrderedUuid(1_900_000_000_000 + Math.floor(i / 10)),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const firsts = ids.filter((_, i) => i % 10 === 0);
    expect([...firsts].sort()).toEqual(firsts);
  });

  it('spreads its random bits: every hex digit appears in every random position', () => {
    const ids = Array.from({ length: 4_000 }, () => timeOrderedUuid().replaceAll('-', ''));
    // Positions 13-15 and 17-31 are random (12 is the version, 16 the variant's two random bits).
    for (const position of [13, 14, 15, 17, 20, 25, 31]) {
      expect(new Set(ids.map((id) => id[position])).size).toBe(16);
    }
    expect(new Set(ids.map((id) => id[16]))).toEqual(new Set(['8', '9', 'a', 'b']));
  });
});

describe('timeOrderedHex', () => {
  it('is the same kind of id as 32 hex digits, without dashes', () => {
    const at = Date.UTC(2030, 0, 28, 21, 0, 0, 123);
    const hex = timeOrderedHex(at);
    expect(hex).toMatch(/^[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
    expect(Number.parseInt(hex.slice(0, 12), 16)).toBe(at);
  });
});

describe('isUuid', () => {
  it('takes a UUID in its text form, in either case, and nothing else', () => {
    expect(isUuid(timeOrderedUuid())).toBe(true);
    expect(isUuid('FFFFFFFF-0000-4000-8000-ABCDEFabcdef')).toBe(true);
    for (const other of [
      '',
      'payin:x:2030-01',
      timeOrderedHex(),
      `${timeOrderedUuid()} `,
      'ffffffff-0000-4000-8000-abcdefabcdeg',
    ])
      expect(isUuid(other)).toBe(false);
  });
});
