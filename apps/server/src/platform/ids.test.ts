import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './ids.ts';

describe('timeOrderedUuid', () => {
  it('is a UUID version 7 with the RFC 9562 variant, the millisecond first', () => {
    const at = Date.UTC(2030, 0, 28, 21, 0, 0, 123);
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('orders ids of later milliseconds after earlier ones, and never repeats', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) =>
      timeOrderedUuid(1_900_000_000_000 + Math.floor(i / 10)),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const firsts = ids.filter((_, i) => i % 10 === 0);
    expect([...firsts].sort()).toEqual(firsts);
  });
});
