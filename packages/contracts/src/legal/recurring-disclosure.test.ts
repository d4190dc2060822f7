import { describe, expect, it } from 'vitest';
import { recurringDisclosure } from './recurring-disclosure.ts';

describe('recurringDisclosure', () => {
  it('states price, period, renewal date and how to cancel', () => {
    const text = recurringDisclosure.text({
      planName: 'Annual',
      totalCents: 7145,
      intervalCount: 12,
      renewsOn: 'November 27, 2027',
    });
    expect(text).toContain('$71.45');
    expect(text).toContain('every 12 months');
    expect(text).toContain('November 27, 2027');
    expect(text).toContain('renews automatically');
    expect(text).toMatch(/Cancel anytime online in Account Settings → Subscription/);
  });

  it('says "every month" for a monthly plan', () => {
    expect(
      recurringDisclosure.text({ planName: 'Monthly', totalCents: 650, intervalCount: 1, renewsOn: 'x' }),
    ).toContain('$6.50 (including taxes) every month');
  });
});
