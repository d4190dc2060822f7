import { describe, expect, it } from 'vitest';
import { progressStateDetail } from './progress.ts';

/**
 * A disputed month in the customer's words (issue 29: a dispute finance recorded as lost — the
 * bank decided for the customer — was shown as decided "in Pria's favor").
 */
describe('a disputed month, as the customer reads it', () => {
  const month = (dispute: 'open' | 'won' | 'lost', paidBackCents = 0) =>
    progressStateDetail({ state: 'disputed', reason: null, dispute, paidBackCents });

  it('open: on hold until the bank decides', () => {
    expect(month('open')).toBe(
      'You disputed this charge with your bank. The month is on hold until the bank decides.',
    );
  });

  it("lost by Pria: the bank decided for the customer, never in Pria's favor", () => {
    expect(month('lost')).toBe(
      "Your bank decided this dispute in your favor and returned the charge to you, so we don't pay it back as well.",
    );
    expect(month('lost')).not.toContain("Pria's favor");
  });

  it('lost by Pria after the pay-back was sent: the customer received the $3 twice', () => {
    expect(month('lost', 300)).toBe(
      'Your bank decided this dispute in your favor and returned the charge to you. We had already paid it back to your card as well, so you received it twice.',
    );
  });

  it("won by Pria: decided in Pria's favor, the charge stands and is paid back", () => {
    expect(month('won')).toBe(
      "Your bank decided this dispute in Pria's favor: the charge stands, so we pay it back to your card.",
    );
    expect(month('won', 300)).toBe(
      "Your bank decided this dispute in Pria's favor: the charge stands, and we paid it back to your card.",
    );
    expect(month('won')).not.toContain('your favor');
  });
});
