import { describe, expect, it } from 'vitest';
import { hasPayBackStatus } from './pay-back-status.ts';

describe('which transactions show Returned / Not Returned', () => {
  it('not a plan charge: plan charges are never paid back', () => {
    expect(hasPayBackStatus('SUBSCRIPTION_CAPTURE')).toBe(false);
  });

  it('the monthly $3 and its pay-back', () => {
    expect(hasPayBackStatus('CAPTURE')).toBe(true);
    expect(hasPayBackStatus('PAYOUT')).toBe(true);
  });
});
