import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import type { MoneyEventType } from '../../platform/db-schema.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runDueWork } from '../billing/index.ts';
import { emailedWhateverTheSettings, moneyEmailWanted } from './money-email-rules.ts';
import { processMoneyEvents } from './process-money-events.ts';

/**
 * Issue 40: receipts, refunds and the other emails about what was paid for the plan are
 * transactional: no notification setting stops them. The settings govern the monthly $3
 * (Charges) and its pay-backs (Payments). Cleo turns every email and text off, buys a plan, is
 * charged the $3 and is refunded: she gets the receipt and the refund, not the $3 email.
 */
const NY = 'America/New_York';
const ny = (y: number, m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h, minute: min }, { zone: NY }).toJSDate();
const clock = fixedClock(ny(2030, 3, 5, 10));
let t: TestApp;
let cleo: Api;
let finance: Api;

const emailsTo = (email: string) =>
  t.db
    .selectFrom('message_outbox')
    .select(['subject', 'text_body'])
    .where('recipient', '=', email)
    .where('channel', '=', 'email')
    .where('dedupe_key', '~', '^\\d+:email$')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  cleo = await signedInUser(t, 'cleo@example.com');
  finance = await signedInUser(t, 'finance@pria.example', ['admin']);
  await t.db
    .updateTable('customers')
    .set({ phone: '2025550111' })
    .where('email', '=', 'cleo@example.com')
    .execute();
  expect((await cleo.post('/api/v1/customers/notification', { forEmail: [], forSms: [] })).status).toBe(200);
}, 60_000);
afterAll(() => t?.stop());

describe('which money emails no setting stops', () => {
  const always: MoneyEventType[] = [
    'subscription.started',
    'subscription.renewed',
    'subscription.failed',
    'refund.sent',
  ];
  const chosen: MoneyEventType[] = [
    'charge.succeeded',
    'charge.declined',
    'charge.missed',
    'payout.sent',
    'payout.failed',
    'payout.returned',
  ];

  it('sends receipts, a failed renewal and refunds with every email setting off', () => {
    for (const type of always) {
      expect(emailedWhateverTheSettings(type)).toBe(true);
      expect(moneyEmailWanted({ forEmail: [] }, type)).toBe(true);
    }
  });

  it('leaves the monthly $3 and its pay-backs to the Charges and Payments settings', () => {
    for (const type of chosen) {
      expect(emailedWhateverTheSettings(type)).toBe(false);
      expect(moneyEmailWanted({ forEmail: [] }, type)).toBe(false);
      expect(moneyEmailWanted({ forEmail: ['payin', 'payout'] }, type)).toBe(true);
    }
  });

  it("sends a plan payment's dispute always; a $3 charge's only with Charges on", () => {
    expect(moneyEmailWanted({ forEmail: [] }, 'dispute.opened', { planCharge: true })).toBe(true);
    expect(moneyEmailWanted({ forEmail: [] }, 'dispute.opened', { planCharge: false })).toBe(false);
    expect(moneyEmailWanted({ forEmail: ['payin'] }, 'dispute.opened', { planCharge: false })).toBe(true);
  });
});

describe('a customer with every email and text turned off', () => {
  it('still gets the receipt of the plan she bought, and no text', async () => {
    const card = (await addCard(cleo, testCards.visa, '123', { month: 12, year: 2040 })).body.data.id;
    expect((await cleo.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
    await processMoneyEvents(t.notifications, { limit: 100 });
    const mails = await emailsTo('cleo@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Your Pria subscription started']);
    expect(mails[0]?.text_body).toMatch(/Receipt: R-\d{6}/);
    expect(mails[0]?.text_body).toContain(
      'We send this email about payments for your Pria plan whatever your notification settings.',
    );
    expect(mails[0]?.text_body).not.toContain('notifications are on');
    const texts = await t.db
      .selectFrom('message_outbox')
      .select('id')
      .where('recipient', '=', '+12025550111')
      .execute();
    expect(texts).toEqual([]);
  });

  it('gets no email for the $3 charge, which she turned off', async () => {
    clock.set(ny(2030, 3, 28, 16, 1));
    await runDueWork(t.billing, clock.now());
    const payins = await t.db
      .selectFrom('money_events')
      .select('type')
      .where('type', '=', 'charge.succeeded')
      .execute();
    expect(payins).toHaveLength(1);
    await processMoneyEvents(t.notifications, { limit: 100 });
    expect((await emailsTo('cleo@example.com')).map((m) => m.subject)).toEqual([
      'Your Pria subscription started',
    ]);
  });

  it('gets the refund, whose footer names no setting', async () => {
    clock.set(ny(2030, 3, 29, 12));
    const charge = await t.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('kind', '=', 'subscription')
      .executeTakeFirstOrThrow();
    const refund = await finance.post(
      '/api/v1/refunds',
      { chargeId: charge.id, mode: 'full', reason: 'Asked to leave' },
      { 'Idempotency-Key': 'cleo-refund-1' },
    );
    expect(refund.status).toBe(201);
    await processMoneyEvents(t.notifications, { limit: 100 });
    const mails = await emailsTo('cleo@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      'Your Pria subscription started',
      'We refunded $38.97 to your Visa •••• 1111',
    ]);
    expect(mails[1]?.text_body).toContain(
      'We send this email about payments for your Pria plan whatever your notification settings.',
    );
    expect(mails[1]?.text_body).not.toContain('Subscription Updates email notifications are on');
  });
});
