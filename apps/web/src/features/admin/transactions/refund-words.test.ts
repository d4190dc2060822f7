import { adminMessages, type RefundPreview } from '@pria/contracts';
import { describe, expect, it } from 'vitest';
import { firstRefundMode, refundButtonName, refundUnavailable, refundWords } from './refund-words.ts';

// What the refund dialog says (issue 29), from the server's preview of a $38.97 Semi-Annual
// charge paid March 10 to September 10, 2031, previewed on March 20.
const to = { card: 'Visa •••• 1111', email: 'eve@example.com' };
const first: RefundPreview = {
  chargeId: 'c',
  mode: 'prorated',
  amount: 3664,
  charged: 3897,
  refunded: 0,
  left: 3897,
  leftAfter: 233,
  endsPlan: true,
  planEffect: 'ends_plan',
  planName: 'Semi-Annual',
  planWouldEndAt: '2031-09-10T04:00:00.000Z',
  planEndedAt: null,
  periodEndsAt: '2031-09-10T04:00:00.000Z',
  refusal: null,
};
const afterProrated: RefundPreview = {
  ...first,
  mode: 'full',
  amount: 233,
  refunded: 3664,
  left: 233,
  leftAfter: 0,
  endsPlan: false,
  planEffect: 'ended_by_earlier_refund',
  planName: null,
  planWouldEndAt: null,
  planEndedAt: '2031-03-20T16:00:00.000Z',
};

describe('the refund dialog', () => {
  it('says a first prorated refund ends the plan and what is left of the charge', () => {
    const w = refundWords(first, to);
    expect(w.amount).toBe(
      'Sends $36.64 of the $38.97 charge back to Visa •••• 1111, once. $2.33 will be left to refund.',
    );
    expect(w.warning).toBe('This ends the customer’s plan today');
    expect(w.plan).toContain('the current Semi-Annual plan period, which would have run until Sep 10, 2031');
    expect(w.email).toBe(
      'eve@example.com gets an email with the refund receipt saying that the plan has ended.',
    );
    expect(w.confirm).toBe('Refund $36.64 and end the plan');
  });

  it('says a first full refund leaves nothing', () => {
    const w = refundWords({ ...first, mode: 'full', amount: 3897, leftAfter: 0 }, to);
    expect(w.amount).toBe(
      'Sends $38.97 of the $38.97 charge back to Visa •••• 1111, once. Nothing will be left to refund.',
    );
    expect(w.confirm).toBe('Refund $38.97 and end the plan');
  });

  it('says a second refund after a prorated one returns the rest and that the first ended the plan', () => {
    const w = refundWords(afterProrated, to);
    expect(w.amount).toBe(
      'Sends $2.33 of the $38.97 charge back to Visa •••• 1111, once. $36.64 was refunded before; nothing will be left to refund.',
    );
    expect(w.warning).toBeNull();
    expect(w.plan).toBe(
      'The customer’s plan is not changed: an earlier refund of this charge already ended it on Mar 20, 2031.',
    );
    expect(w.plan).not.toContain('earlier period');
    expect(w.email).toBe('eve@example.com gets an email with the refund receipt.');
    expect(w.confirm).toBe('Refund $2.33');
  });

  it('says a refund of a charge whose period is over leaves the plan alone', () => {
    const w = refundWords({ ...first, endsPlan: false, planEffect: 'period_over', planName: null }, to);
    expect(w.plan).toBe(
      'The customer’s plan is not changed: this charge paid a plan period that ended on Sep 10, 2031.',
    );
  });
});

describe('the amount the refund dialog offers first', () => {
  it('is the unused days for a charge nothing was refunded of', () => {
    expect(firstRefundMode(0)).toBe('prorated');
  });

  it('is the rest once part of the charge was refunded (a second prorated refund is refused)', () => {
    expect(firstRefundMode(3664)).toBe('full');
  });
});

describe('a plan charge that offers no Refund button', () => {
  it('refunded in full: says nothing is left, in the refusal the server would give', () => {
    expect(refundUnavailable({ dispute: null, refundableCents: 0 })).toEqual({
      label: 'Refunded',
      reason: adminMessages.refundNothingLeft,
    });
  });

  it('disputed: says to wait for the decision', () => {
    expect(refundUnavailable({ dispute: 'open', refundableCents: 0 })).toEqual({
      label: 'Disputed',
      reason: adminMessages.refundWhileDisputed,
    });
  });

  it('charged back (dispute lost): says the bank took it back', () => {
    expect(refundUnavailable({ dispute: 'lost', refundableCents: 0 })).toEqual({
      label: 'Charged back',
      reason: adminMessages.refundAfterDisputeLost,
    });
  });

  it('offers the button whenever the server says something can be refunded, or did not say', () => {
    expect(refundUnavailable({ dispute: null, refundableCents: 233 })).toBeNull();
    expect(refundUnavailable({ dispute: 'won', refundableCents: 3897 })).toBeNull();
    expect(refundUnavailable({ dispute: null, refundableCents: undefined })).toBeNull();
  });
});

describe('refundButtonName', () => {
  it('names the charge the button refunds, starting with its visible "Refund"', () => {
    expect(
      refundButtonName({
        amount: 3897,
        settledAt: '2031-03-10T20:00:00.000Z',
        createdAt: '2031-03-09T20:00:00.000Z',
      }),
    ).toBe('Refund the $38.97 plan charge of Mar 10, 2031');
  });

  it('dates a charge not settled yet by when it was made, by New York’s calendar', () => {
    expect(refundButtonName({ amount: 7145, settledAt: null, createdAt: '2031-03-11T02:00:00.000Z' })).toBe(
      'Refund the $71.45 plan charge of Mar 10, 2031',
    );
  });
});
