import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runDueWork } from '../billing/index.ts';
import { processMoneyEvents } from './process-money-events.ts';

/**
 * Money events from a real pay-in and pay-back become the messages each customer chose: Ann
 * turned SMS off for Charges, Bob has every SMS on and a second card that declines.
 */
const NY = 'America/New_York';
const clock = fixedClock('2030-01-05T15:00:00Z');
let t: TestApp;
let bob: Api;
const ny = (y: number, m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h, minute: min }, { zone: NY }).toJSDate();

async function enrol(email: string, firstName: string, phone: string, numbers: string[]): Promise<Api> {
  const api = await signedInUser(t, email);
  const cards: string[] = [];
  for (const number of numbers) {
    const res = await addCard(api, number);
    expect(res.status).toBe(201);
    cards.push(res.body.data.id);
  }
  expect((await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cards[0] })).status).toBe(200);
  // The profile form's fields, written directly (the profile API is tested elsewhere).
  await t.db
    .updateTable('customers')
    .set({ first_name: firstName, phone })
    .where('email', '=', email)
    .execute();
  return api;
}

/**
 * Money events' outbox rows after `since.id` (the tests below look at one step's messages at a
 * time; the tick's lifecycle notices, `notice:` keys, are tested in lifecycle-notices.test.ts, and
 * the security notices of the cards added, `security:` keys, in card-and-sign-in-notices.test.ts).
 */
const since = { id: 0 };
const outbox = () =>
  t.db
    .selectFrom('message_outbox')
    .select(['channel', 'recipient', 'subject', 'text_body', 'html_body', 'dedupe_key', 'status'])
    .where('dedupe_key', 'is not', null)
    .where('dedupe_key', 'not like', 'notice:%')
    .where('dedupe_key', 'not like', 'security:%')
    .where('id', '>', since.id)
    .orderBy('id')
    .execute();
const lastOutboxId = async () =>
  Number(
    (
      await t.db
        .selectFrom('message_outbox')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  const ann = await enrol('ann@example.com', 'Ann', '2025550101', [testCards.visa]);
  bob = await enrol('bob@example.com', 'Bob', '2025550102', [testCards.visa, testCards.insufficientFunds]);
  const all = ['payin', 'payout', 'subscription'];
  expect(
    (await ann.post('/api/v1/customers/notification', { forEmail: all, forSms: ['payout'] })).status,
  ).toBe(200);
  expect((await bob.post('/api/v1/customers/notification', { forEmail: all, forSms: all })).status).toBe(200);
}, 120_000);
afterAll(() => t?.stop());

describe('money events become messages', () => {
  it('tells each customer their subscription started, naming the plan, its price and tax, with its receipt number', async () => {
    expect(await processMoneyEvents(t.notifications, { limit: 100 })).toEqual({
      processed: 2,
      emails: 2,
      sms: 1,
      push: 0,
    });
    const rows = await outbox();
    const mail = rows.find((r) => r.recipient === 'ann@example.com');
    expect(mail?.subject).toBe('Your Pria subscription started');
    expect(mail?.text_body).toContain(
      'Your Pria Semi-Annual plan started on January 05, 2030: we charged $38.97 ($36.00 + $2.97 tax) to your Visa •••• 1111',
    );
    expect(mail?.text_body).toContain('Plan: Semi-Annual plan, $36.00 + $2.97 tax = $38.97');
    expect(mail?.text_body).toMatch(/Receipt: R-\d{6}/);
    // Ann chose no SMS for subscription updates; Bob did.
    expect(rows.filter((r) => r.channel === 'sms').map((r) => r.recipient)).toEqual(['+12025550102']);
    since.id = await lastOutboxId();
  });

  it('sends each customer the channels they chose for a pay-in', async () => {
    clock.set(ny(2030, 1, 28, 16, 1));
    await runDueWork(t.billing, clock.now());
    expect(await processMoneyEvents(t.notifications, { limit: 100 })).toEqual({
      processed: 3,
      emails: 3,
      sms: 2,
      push: 0,
    });

    const rows = await outbox();
    const to = (recipient: string) => rows.filter((r) => r.recipient === recipient);
    // Ann: Charges by email only.
    expect(to('+12025550101')).toEqual([]);
    expect(to('ann@example.com')).toHaveLength(1);
    const annMail = to('ann@example.com')[0];
    expect(annMail?.subject).toBe('We charged $3.00 to your Visa •••• 1111');
    expect(annMail?.text_body).toContain('Hi Ann,');
    expect(annMail?.text_body).toContain('on January 28, 2030 for Charge & Pay');
    expect(annMail?.html_body).toContain('Visa •••• 1111');
    expect(annMail?.status).toBe('pending');

    // Bob: both channels, for the capture and for the decline (with its reason); the two
    // charges settle side by side, so their order is not fixed.
    expect(
      to('bob@example.com')
        .map((r) => r.subject)
        .sort(),
    ).toEqual([
      'We charged $3.00 to your Visa •••• 1111',
      "Your Visa •••• 9995 declined this month's charge",
    ]);
    expect(
      to('+12025550102')
        .map((r) => r.text_body)
        .sort(),
    ).toEqual([
      "Pria: Visa ending 9995 declined our $3.00 Charge & Pay charge on Jan 28 (Insufficient funds). We won't retry it this month.",
      'Pria: we charged $3.00 to Visa ending 1111 on Jan 28 for Charge & Pay. We pay it back on the 2nd.',
    ]);
    const events = await t.db.selectFrom('money_events').select(['id', 'processed_at']).execute();
    expect(events.every((e) => e.processed_at !== null)).toBe(true);
    expect(rows.every((r) => r.dedupe_key && events.some((e) => r.dedupe_key?.startsWith(`${e.id}:`)))).toBe(
      true,
    );
  });

  it('tells both about the pay-back, Ann now by SMS too', async () => {
    clock.set(ny(2030, 2, 2, 16, 1));
    await runDueWork(t.billing, clock.now());
    expect(await processMoneyEvents(t.notifications, { limit: 100 })).toEqual({
      processed: 2,
      emails: 2,
      sms: 2,
      push: 0,
    });
    const sms = (await outbox()).filter((r) => r.recipient === '+12025550101');
    expect(sms.map((r) => r.text_body)).toEqual([
      'Pria: we paid $3.00 back to Visa ending 1111 on Feb 2 for your Charge & Pay charge.',
    ]);
  });

  it('never makes a second message for an event, even when it is processed again', async () => {
    const before = await outbox();
    expect(await processMoneyEvents(t.notifications, { limit: 100 })).toEqual({
      processed: 0,
      emails: 0,
      sms: 0,
      push: 0,
    });
    // As if processed_at were lost (a restore, a bug): the dedupe keys still hold.
    await t.db.updateTable('money_events').set({ processed_at: null }).execute();
    const again = await Promise.all([
      processMoneyEvents(t.notifications, { limit: 100 }),
      processMoneyEvents(t.notifications, { limit: 100 }),
    ]);
    // Two checkouts, three pay-in events, two pay-backs.
    expect(again[0].processed + again[1].processed).toBe(7);
    expect(await outbox()).toEqual(before);
  });

  it("emails a plan payment's dispute whatever the settings; a $3 charge's follows Charges", async () => {
    expect((await bob.post('/api/v1/customers/notification', { forEmail: [], forSms: [] })).status).toBe(200);
    const charges = await t.db
      .selectFrom('payment_attempts as a')
      .innerJoin('customers as c', 'c.id', 'a.customer_id')
      .select(['a.id', 'a.customer_id', 'a.card_id', 'a.amount_cents', 'a.kind'])
      .where('c.email', '=', 'bob@example.com')
      .where('a.status', '=', 'captured')
      .execute();
    expect(charges.map((c) => c.kind).sort()).toEqual(['payin', 'subscription']);
    for (const c of charges) {
      await t.db
        .insertInto('money_events')
        .values({
          type: 'dispute.opened',
          dedupe_key: `test:dispute:${c.id}`,
          customer_id: c.customer_id,
          card_id: c.card_id,
          attempt_id: c.id,
          amount_cents: c.amount_cents,
          occurred_at: clock.now(),
        })
        .execute();
    }
    since.id = await lastOutboxId();
    expect(await processMoneyEvents(t.notifications, { limit: 100 })).toMatchObject({
      processed: 2,
      emails: 1,
    });
    const mails = (await outbox()).filter((r) => r.recipient === 'bob@example.com');
    expect(mails.map((r) => r.subject)).toEqual(['Your bank told us you disputed your $38.97 plan payment']);
    expect(mails[0]?.text_body).toContain(
      'We send this email about payments for your Pria plan whatever your notification settings.',
    );
    expect(mails[0]?.text_body).not.toContain('notifications are on');
  });

  it('sends nothing to a deleted account and still marks its events done', async () => {
    await t.db
      .updateTable('customers')
      .set({ deleted_at: new Date() })
      .where('email', '=', 'ann@example.com')
      .execute();
    const ann = await t.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'ann@example.com')
      .executeTakeFirstOrThrow();
    const card = await t.db
      .selectFrom('cards')
      .select('id')
      .where('customer_id', '=', ann.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('money_events')
      .values({
        type: 'payout.sent',
        dedupe_key: 'test:deleted',
        customer_id: ann.id,
        card_id: card.id,
        amount_cents: 300,
        occurred_at: new Date(),
      })
      .execute();
    const before = (await outbox()).length;
    expect(await processMoneyEvents(t.notifications)).toEqual({ processed: 1, emails: 0, sms: 0, push: 0 });
    expect((await outbox()).length).toBe(before);
  });
});
