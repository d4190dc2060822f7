import { describe, expect, it } from 'vitest';
import { decisionWords, disputedCharge, paybackLabel, refundedNote } from './dispute-words.ts';

// What the disputes page says of a plan charge (issue 29): no pay-back, never "Withheld".
describe('a disputed plan charge', () => {
  const plan = {
    chargeKind: 'subscription',
    period: '2031-03-10',
    amount: 3897,
    paybackSent: false,
    refundedCents: 0,
  } as const;

  it('is named as a plan charge and has no pay-back', () => {
    expect(disputedCharge(plan)).toBe('Plan charge of Mar 10, 2031');
    expect(paybackLabel({ payback: 'none' })).toBe('No pay-back — plan charge');
  });

  it('says under its amount what was already refunded of it, and nothing when none was', () => {
    expect(refundedNote({ refundedCents: 3875 })).toBe('Refunded $38.75');
    expect(refundedNote({ refundedCents: 0 })).toBeNull();
  });

  it('is decided without a word about a pay-back moving', () => {
    expect(decisionWords(plan, 'won')).toBe(
      'The bank decided for Pria: the $38.97 plan charge stays with Pria. A plan charge has no pay-back.',
    );
    expect(decisionWords(plan, 'lost')).not.toMatch(/withheld/);
  });

  it('partly refunded, names what was disputed and what was refunded, never the full price', () => {
    const partly = { ...plan, amount: 2897, refundedCents: 1000 };
    expect(decisionWords(partly, 'lost')).toBe(
      'The bank decided for the customer: the $28.97 disputed of the plan charge ($10.00 of it was refunded and stays refunded) went back to them. A plan charge has no pay-back, so nothing else moves.',
    );
    expect(decisionWords(partly, 'won')).not.toContain('$38.97');
  });
});

describe('a disputed $3 charge', () => {
  it('is named by its month and its pay-back is withheld until won', () => {
    const payin = {
      chargeKind: 'payin',
      period: '2031-03',
      amount: 300,
      paybackSent: false,
      refundedCents: 0,
    } as const;
    expect(disputedCharge(payin)).toBe('Mar 2031 $3 charge');
    expect(paybackLabel({ payback: 'withheld' })).toBe('Withheld');
    expect(decisionWords(payin, 'won')).toContain('the withheld $3.00 pay-back goes to the customer');
  });
});
