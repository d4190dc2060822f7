import { describe, expect, it } from 'vitest';
import { newYorkDateTime } from './new-york-time.ts';

describe('newYorkDateTime', () => {
  it('writes an instant as New York reads it, in words, labelled ET', () => {
    expect(newYorkDateTime(new Date('2026-12-04T17:57:06Z'))).toBe('December 4, 2026 at 12:57 PM ET');
  });

  it('follows daylight saving time (EDT in summer)', () => {
    expect(newYorkDateTime(new Date('2026-07-04T16:05:00Z'))).toBe('July 4, 2026 at 12:05 PM ET');
  });
});
