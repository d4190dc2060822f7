import { describe, expect, it } from 'vitest';
import type { MoneyEventType } from '../../platform/db-schema.ts';
import { notificationTypeOf } from './money-email-rules.ts';
import { moneyEventMessages } from './money-event-messages.ts';

const base = {
  firstName: 'Ann',
  amountCents: 300,
  card: { brand: 'visa', lastFour: '1111' },
  reason: null,
  // 02:30 UTC on March 1st is still February 28th in New York.
  occurredAt: new Date('2030-03-01T02:30:00Z'),
  publicUrl: 'https://app.pria.example',
};
const types: MoneyEventType[] = [
  'charge.succeeded',
  'charge.declined',
  'charge.missed',
  'payout.sent',
  'payout.failed',
  'payout.returned',
  'subscription.started',
  'subscription.renewed',
  'subscription.failed',
];
/** Events whose SMS names the day it happened (a delay or a missed month is not about one day). */
const dated = types.filter((t) => !['charge.missed', 'payout.failed', 'payout.returned'].includes(t));
// The GSM 03.38 basic alphabet (what keeps an SMS at 160 characters a segment).
const gsm7 = /^[A-Za-z0-9 @£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/;

describe('money event messages', () => {
  it('maps event types to the preference lists', () => {
    // A plan payment's dispute goes with the plan, a $3 charge's with the charges.
    expect(notificationTypeOf('dispute.opened', { planCharge: true })).toBe('subscription');
    expect(notificationTypeOf('dispute.opened', { planCharge: false })).toBe('payin');
    expect(types.map((type) => notificationTypeOf(type))).toEqual([
      'payin',
      'payin',
      'payin',
      'payout',
      'payout',
      'payout',
      'subscription',
      'subscription',
      'subscription',
    ]);
  });

  it.each(types)('%s: an email with the card, amount and New York date, and a one-segment SMS', (type) => {
    const m = moneyEventMessages({
      ...base,
      type,
      reason: /declined|failed|returned/.test(type) ? 'Insufficient funds' : null,
    });
    expect(m.email.text).toContain('Visa •••• 1111');
    expect(m.email.text).toContain('$3.00');
    expect(m.email.text).toContain('February 28, 2030');
    expect(m.email.text).toContain('Pria will never ask');
    expect(m.email.html).toContain('Visa •••• 1111');
    expect(m.sms.startsWith('Pria: ')).toBe(true);
    expect(m.sms).toContain('Visa ending 1111');
    if (dated.includes(type)) expect(m.sms).toContain('Feb 28');
    expect(m.sms.length).toBeLessThanOrEqual(160);
    expect(m.sms).toMatch(gsm7);
  });

  it('tells of a missed month in our words, with nothing to pay back', () => {
    const m = moneyEventMessages({
      ...base,
      type: 'charge.missed',
      reason: 'No payment in February: Pria was unavailable',
    });
    expect(m.email.subject).toBe('No payment in February: Pria was unavailable');
    expect(m.email.text).toContain('nothing to pay back');
    expect(m.email.text).not.toContain('declined');
    expect(m.sms).toContain('Pria was unavailable');
  });

  it('tells of a delayed pay-back once, as being retried, and of a returned one as needing another card', () => {
    const delayed = moneyEventMessages({ ...base, type: 'payout.failed', reason: 'Issuer unavailable' });
    expect(delayed.email.subject).toBe('Your $3.00 pay-back to your Visa •••• 1111 is delayed');
    expect(delayed.email.text).toContain('We are retrying automatically');
    expect(delayed.sms).toBe(
      "Pria: our $3.00 payment back to Visa ending 1111 is delayed (Issuer unavailable). We're retrying automatically.",
    );
    const returned = moneyEventMessages({ ...base, type: 'payout.returned', reason: 'Account closed' });
    expect(returned.email.subject).toBe('Your Visa •••• 1111 could not receive our $3.00 payment');
    expect(returned.email.text).toContain('The money is still yours');
    expect(returned.sms).toContain('another card');
  });

  it('gives the reason of a decline, and drops it from an SMS it would not fit', () => {
    const m = moneyEventMessages({ ...base, type: 'charge.declined', reason: 'Expired card' });
    expect(m.email.subject).toBe("Your Visa •••• 1111 declined this month's charge");
    expect(m.email.text).toContain('(Expired card)');
    expect(m.email.text).toContain('Reason: Expired card');
    expect(m.sms).toBe(
      "Pria: Visa ending 1111 declined our $3.00 Charge & Pay charge on Feb 28 (Expired card). We won't retry it this month.",
    );
    const long = moneyEventMessages({ ...base, type: 'charge.declined', reason: 'x'.repeat(75) });
    expect(long.sms).not.toContain('xxx');
    expect(long.sms.length).toBeLessThanOrEqual(160);
  });

  it('escapes everything in the HTML part', () => {
    const m = moneyEventMessages({
      ...base,
      type: 'subscription.failed',
      firstName: '<b>Ann</b>',
      amountCents: 3897,
      reason: '<script>alert(1)</script>',
    });
    expect(m.email.html).not.toContain('<script>');
    expect(m.email.html).not.toContain('<b>Ann');
    expect(m.email.html).toContain('&lt;script&gt;');
    expect(m.email.html).toContain('$38.97');
    expect(m.email.html).toContain('href="https://app.pria.example/dashboard/account/notifications"');
  });

  it('names the plan renewed, its price and its tax, as the receipt prints them', () => {
    const m = moneyEventMessages({
      ...base,
      type: 'subscription.renewed',
      amountCents: 7145,
      plan: { name: 'Annual', priceCents: 6600 },
    });
    expect(m.email.text).toContain('Your Pria Annual plan renewed on');
    expect(m.email.text).toContain('we charged $71.45 ($66.00 + $5.45 tax) to your');
    expect(m.email.text).toContain('Plan: Annual plan, $66.00 + $5.45 tax = $71.45');
    expect(m.sms).toContain('Pria: your Annual plan renewed on');
  });

  it('greets without a name and names no card when there is none', () => {
    const m = moneyEventMessages({ ...base, type: 'subscription.renewed', firstName: null, card: null });
    expect(m.email.text.startsWith('Hello,')).toBe(true);
    expect(m.sms).toBe('Pria: your subscription renewed on Feb 28. We charged $3.00 to your card.');
  });

  describe('a dispute', () => {
    const planDispute = (refundedCents: number, planEnded = false, disputedCents = 3897) =>
      moneyEventMessages({
        ...base,
        type: 'dispute.opened',
        amountCents: disputedCents,
        reason: 'Fraudulent',
        occurredAt: new Date('2030-03-20T15:00:00Z'),
        disputed: {
          planCharge: true,
          chargedAt: new Date('2030-01-10T15:00:00Z'),
          chargedCents: 3897,
          refundedCents,
          refundedAt: refundedCents ? new Date('2030-02-03T15:00:00Z') : null,
          planEnded,
        },
      });

    it('of a $3 charge says the bank returns it, so we will not also pay it back', () => {
      const m = moneyEventMessages({
        ...base,
        type: 'dispute.opened',
        disputed: {
          planCharge: false,
          chargedAt: base.occurredAt,
          chargedCents: 300,
          refundedCents: 0,
          refundedAt: null,
          planEnded: false,
        },
      });
      expect(m.email.subject).toBe('Your bank told us you disputed a $3.00 charge');
      expect(m.email.text).toContain('our $3.00 Charge & Pay charge');
      expect(m.email.text).toContain('we will not pay it back as well');
    });

    it('of a $3 charge already paid back says when it was sent and that the bank returning it too pays it twice', () => {
      const m = moneyEventMessages({
        ...base,
        type: 'dispute.opened',
        occurredAt: new Date('2030-03-05T15:00:00Z'),
        disputed: {
          planCharge: false,
          chargedAt: new Date('2030-02-28T21:01:00Z'),
          chargedCents: 300,
          refundedCents: 0,
          refundedAt: null,
          planEnded: false,
          // 01:01 UTC on March 3rd is still March 2nd in New York.
          paybackSentAt: new Date('2030-03-03T01:01:00Z'),
        },
      });
      expect(m.email.subject).toBe('Your bank told us you disputed a $3.00 charge');
      expect(m.email.text).toContain(
        'We already paid the $3.00 back to you: it was sent on March 02, 2030. If your bank returns the charge as well, you will get it twice, so please tell your bank that we paid it back.',
      );
      expect(m.email.text).not.toContain('will not pay it back');
      expect(m.sms).toBe(
        'Pria: your bank says you disputed our $3.00 charge on Visa ending 1111. We already paid it back on Mar 2; please tell your bank.',
      );
      expect(m.sms).toMatch(gsm7);
    });

    it('of a plan payment names it, never Charge & Pay or a pay-back, and says the plan is unchanged', () => {
      const m = planDispute(0);
      expect(m.email.subject).toBe('Your bank told us you disputed your $38.97 plan payment');
      expect(m.email.text).toContain(
        'You disputed your $38.97 plan payment of January 10, 2030 on your Visa •••• 1111 with your bank. Your plan stays as it is while your bank decides: a dispute does not change it.',
      );
      expect(m.email.text).not.toContain('Charge & Pay');
      expect(m.email.text).not.toMatch(/pay it back/);
      expect(m.email.text).not.toContain('refunded');
      expect(m.sms).toBe(
        'Pria: you disputed your $38.97 plan payment of Jan 10 on Visa ending 1111. Contact support if this is a mistake.',
      );
    });

    it('of a plan payment mostly refunded already says what was refunded, and when', () => {
      const m = planDispute(3875);
      expect(m.email.text).toContain(
        '$38.75 of it was already refunded to your card on February 03, 2030; please tell your bank, so it is not returned to you twice.',
      );
      expect(m.email.text).toContain('Already refunded: $38.75');
      expect(m.email.html).toContain('$38.75');
      expect(m.sms).toContain('$38.75 of it was already refunded.');
      expect(m.sms.length).toBeLessThanOrEqual(160);
      expect(m.sms).toMatch(gsm7);
      // A refund that ended the plan: the plan is not said to stay as it is.
      const ended = planDispute(3875, true);
      expect(ended.email.text).toContain('on February 03, 2030, which ended your plan;');
      expect(ended.email.text).not.toContain('Your plan stays as it is');
    });

    it('of a plan payment partly refunded, for what the card still carried, names both and no double return', () => {
      const m = planDispute(1000, false, 2897);
      expect(m.email.subject).toBe('Your bank told us you disputed your $38.97 plan payment');
      expect(m.email.text).toContain(
        'with your bank. Your bank is asking for $28.97 of it back. $10.00 of it was already refunded to your card on February 03, 2030. Your plan stays',
      );
      expect(m.email.text).toContain('Amount disputed: $28.97');
      expect(m.email.text).not.toContain('twice');
      // A plan payment's email is sent whatever the settings (issue 40): it never says a setting sent it.
      expect(m.email.text).toContain(
        'We send this email about payments for your Pria plan whatever your notification settings.',
      );
      expect(m.email.text).not.toContain('notifications are on');
    });
  });
});
