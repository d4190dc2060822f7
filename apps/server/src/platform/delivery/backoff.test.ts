import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';

describe('retry backoff', () => {
  it('doubles from 30 s with ±20 % jitter, at most an hour', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(2, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(5, () => 0.5)).toBe(480_000);
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 1)).toBe(36_000);
    expect(retryDelayMs(9, () => 1)).toBe(3_600_000);
    // The cap is jittered too, so retries after a long outage still spread out.
    expect(retryDelayMs(50, () => 0)).toBe(2_880_000);
  });
});
