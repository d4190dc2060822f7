import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { apiClient } from '../../test/api-client.ts';
import { type Api, addCard, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';
import { runDueWork } from '../billing/index.ts';
import { heldNote } from './money-event-messages.ts';
import { processMoneyEvents } from './process-money-events.ts';

/**
 * Issue 29: money emails (the "subscription started" receipt, the $3 charge) withheld while a
 * customer's address was unverified go out once it is verified, each once. Three customers sign
 * up and do not verify: Gail verifies the next day, Hal after a month, Ivy after turning plan
 * emails off, which do not stop a receipt (issue 40: receipts are sent whatever the settings).
 */
const NY = 'America/New_York';
const ny = (y: number, m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h, minute: min }, { zone: NY }).toJSDate();
const clock = fixedClock(ny(2030, 1, 5, 10));
const expires = { month: 12, year: 2031 };
let t: TestApp;

/** A sign-up through the real pages: the address is unverified and its link is in the outbox. */
async function unverifiedSubscriber(email: string): Promise<Api> {
  const { access_token } = await oidcLogin({
    baseUrl: t.url,
    email,
    password: `${email}-long-pw`,
    signUp: true,
  });
  const api = apiClient(t.url, access_token);
  expect((await api.get('/api/v1/customers/me')).body.data.email_verified).toBe(false);
  const card = await addCard(api, testCards.visa, '123', expires);
  expect(card.status).toBe(201);
  expect(
    (await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: card.body.data.id })).status,
  ).toBe(200);
  return api;
}

async function verify(email: string): Promise<number> {
  const mail = await t.db
    .selectFrom('message_outbox')
    .select('text_body')
    .where('recipient', '=', email)
    .where('subject', '=', 'Verify your Pria email address')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+\/oidc\/verify-email\?token=[\w-]+/.exec(mail.text_body)?.[0] ?? '';
  return (await fetch(link)).status;
}

/** The money emails (keyed `<money event id>:email`) an address has in the outbox. */
const moneyEmails = (email: string) =>
  t.db
    .selectFrom('message_outbox')
    .select(['subject', 'text_body', 'html_body', 'dedupe_key'])
    .where('recipient', '=', email)
    .where('dedupe_key', '~', '^\\d+:email$')
    .orderBy('id')
    .execute();

const withheld = (email: string) =>
  t.db
    .selectFrom('money_events as e')
    .innerJoin('customers as c', 'c.id', 'e.customer_id')
    .select('e.type')
    .where('c.email', '=', email)
    .where('e.email_withheld_at', 'is not', null)
    .orderBy('e.id')
    .execute();

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  await unverifiedSubscriber('gail@pria.test');
  await unverifiedSubscriber('hal@pria.test');
  const ivy = await unverifiedSubscriber('ivy@pria.test');
  expect(
    (await ivy.post('/api/v1/customers/notification', { forEmail: ['payin', 'payout'], forSms: [] })).status,
  ).toBe(200);
}, 120_000);
afterAll(() => t?.stop());

describe('money emails withheld from an unverified address', () => {
  it('sends none while the address is unverified, and keeps each one owed', async () => {
    await processMoneyEvents(t.notifications, { limit: 100 });
    clock.set(ny(2030, 1, 28, 16, 1));
    await runDueWork(t.billing, clock.now());
    await processMoneyEvents(t.notifications, { limit: 100 });
    expect(await moneyEmails('gail@pria.test')).toEqual([]);
    expect((await withheld('gail@pria.test')).map((e) => e.type)).toEqual([
      'subscription.started',
      'charge.succeeded',
    ]);
    // Ivy turned plan emails off before anything happened: her receipt is still owed (issue 40).
    expect((await withheld('ivy@pria.test')).map((e) => e.type)).toEqual([
      'subscription.started',
      'charge.succeeded',
    ]);
  });

  it('sends each withheld email once the address is verified, saying why it is late', async () => {
    clock.set(ny(2030, 1, 29, 9));
    expect(await verify('gail@pria.test')).toBe(200);
    await processMoneyEvents(t.notifications, { limit: 100 });
    const sent = await moneyEmails('gail@pria.test');
    expect(sent.map((m) => m.subject)).toEqual([
      'Your Pria subscription started',
      'We charged $3.00 to your Visa •••• 1111',
    ]);
    for (const m of sent) {
      expect(m.text_body).toContain(heldNote);
      expect(m.html_body).toContain(heldNote);
    }
    expect(await withheld('gail@pria.test')).toEqual([]);
  });

  it('sends nothing more on a second verification or a later pass', async () => {
    expect(await verify('gail@pria.test')).not.toBe(500);
    const gail = await t.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'gail@pria.test')
      .executeTakeFirstOrThrow();
    // Verified again by another path (a new token): the row flips back and forth.
    await t.db.updateTable('customers').set({ email_verified: false }).where('id', '=', gail.id).execute();
    await t.db.updateTable('customers').set({ email_verified: true }).where('id', '=', gail.id).execute();
    await processMoneyEvents(t.notifications, { limit: 100 });
    await processMoneyEvents(t.notifications, { limit: 100 });
    expect(await moneyEmails('gail@pria.test')).toHaveLength(2);
  });

  it('sends only those of the last 30 days; older ones stay in the app', async () => {
    clock.set(ny(2030, 2, 10, 9));
    expect(await verify('hal@pria.test')).toBe(200);
    await processMoneyEvents(t.notifications, { limit: 100 });
    // The plan started on January 5 (36 days ago); the $3 charge was on January 28.
    expect((await moneyEmails('hal@pria.test')).map((m) => m.subject)).toEqual([
      'We charged $3.00 to your Visa •••• 1111',
    ]);
  });

  it('follows the email settings as they are when the address is verified, except for the receipt', async () => {
    // Within the 30 days of both emails (the plan started on January 5, the $3 charge on the 28th).
    clock.set(ny(2030, 1, 30, 9));
    const { access_token } = await oidcLogin({
      baseUrl: t.url,
      email: 'ivy@pria.test',
      password: 'ivy@pria.test-long-pw',
    });
    const ivy = apiClient(t.url, access_token);
    expect(
      (await ivy.post('/api/v1/customers/notification', { forEmail: ['payout'], forSms: [] })).status,
    ).toBe(200);
    expect(await verify('ivy@pria.test')).toBe(200);
    await processMoneyEvents(t.notifications, { limit: 100 });
    // Charges are off now: the $3 charge's email is not sent; the plan's receipt is, whatever the settings.
    expect((await moneyEmails('ivy@pria.test')).map((m) => m.subject)).toEqual([
      'Your Pria subscription started',
    ]);
    expect(await withheld('ivy@pria.test')).toEqual([]);
  });
});
