import { messages } from '@pria/contracts';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runDueWork } from '../billing/index.ts';

/**
 * Issue 40, "money already paid, said before it is lost": cancelling keeps the period paid for to
 * its end and still pays back every $3 owed, and the email says so with the amounts and dates;
 * deleting the account ends the plan at once, and its email says which period was paid for.
 */
const NY = 'America/New_York';
const ny = (y: number, m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h, minute: min }, { zone: NY }).toJSDate();
const clock = fixedClock(ny(2031, 1, 10, 10));
const later = { month: 12, year: 2040 };
let t: TestApp;

async function subscriber(name: string) {
  const api = await signedInUser(t, `${name}@example.com`);
  const card = (await addCard(api, testCards.visa, '123', later)).body.data.id as string;
  const res = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card });
  expect(res.status).toBe(200);
  return { api, sub: res.body.data.subscription as { id: string } };
}

const mailTo = (email: string, subject: string) =>
  t.db
    .selectFrom('message_outbox')
    .select(['subject', 'text_body'])
    .where('recipient', '=', email)
    .where('subject', '=', subject)
    .orderBy('id', 'desc')
    .executeTakeFirst();

async function deleteAccount(api: Api, email: string) {
  const asked = await api.delete('/api/v1/customers');
  if (asked.status !== 200) return asked;
  const mail = await mailTo(email, 'Your Pria account deletion code');
  const code = /code is (\d{4})/.exec(mail?.text_body ?? '')?.[1] ?? '';
  return api.delete(`/api/v1/customers?code=${code}`);
}

beforeAll(async () => {
  t = await startTestApp({}, { clock });
}, 60_000);
afterAll(() => t?.stop());

describe('cancelling', () => {
  it("between the 28th and the 2nd: the email names the $3 still owed back, its card and date, and the period's end", async () => {
    const { api, sub } = await subscriber('ana');
    clock.set(ny(2031, 1, 28, 16, 5));
    await runDueWork(t.billing, clock.now());
    clock.set(ny(2031, 1, 29, 9));
    expect((await api.post(`/api/v1/subscriptions/${sub.id}/cancel`)).status).toBe(200);
    const mail = await mailTo('ana@example.com', 'Your Pria subscription is cancelled');
    expect(mail?.text_body).toContain(
      'It stays active until July 10, 2031, the end of the period you paid for: the monthly $3.00 Charge & Pay charges continue until then',
    );
    expect(mail?.text_body).toContain(
      'We still owe you $3.00 to your Visa •••• 1111 on February 02, 2031: it is paid back all the same.',
    );
    expect(mail?.text_body).toContain('Still to pay back: $3.00 to your Visa •••• 1111 on February 02, 2031');
    // And it is: the pay-back run pays it on the 2nd.
    clock.set(ny(2031, 2, 2, 16, 5));
    await runDueWork(t.billing, clock.now());
    const paid = await t.db
      .selectFrom('payouts as p')
      .innerJoin('customers as c', 'c.id', 'p.customer_id')
      .select(['p.status', 'p.amount_cents'])
      .where('c.email', '=', 'ana@example.com')
      .execute();
    expect(paid).toEqual([{ status: 'paid', amount_cents: 300 }]);
  });

  it('with nothing owed back: the email names no pay-back', async () => {
    clock.set(ny(2031, 2, 10, 10));
    const { api, sub } = await subscriber('ben');
    expect((await api.post(`/api/v1/subscriptions/${sub.id}/cancel`)).status).toBe(200);
    const mail = await mailTo('ben@example.com', 'Your Pria subscription is cancelled');
    expect(mail?.text_body).toContain(
      'It stays active until August 10, 2031, the end of the period you paid for',
    );
    expect(mail?.text_body).not.toContain('We still owe you');
  });
});

describe('deleting the account', () => {
  it('is refused while a $3 is owed back, in words, and nothing is deleted', async () => {
    clock.set(ny(2031, 2, 20, 10));
    const { api } = await subscriber('cal');
    clock.set(ny(2031, 2, 28, 16, 5));
    await runDueWork(t.billing, clock.now());
    const res = await api.delete('/api/v1/customers');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.paybackOwed);
    const row = await t.db
      .selectFrom('customers')
      .select('deleted_at')
      .where('email', '=', 'cal@example.com')
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });

  it('during a paid period: the email says the plan ended before the end of the period paid for', async () => {
    clock.set(ny(2031, 3, 5, 10));
    const { api } = await subscriber('dot');
    expect((await deleteAccount(api, 'dot@example.com')).status).toBe(200);
    const mail = await mailTo('dot@example.com', 'Your Pria account is deleted');
    expect(mail?.text_body).toContain(
      'Your Semi-Annual plan ended today, before the end of the period you paid for (September 05, 2031); the rest of that period is not refunded.',
    );
    expect(mail?.text_body).toContain(
      'Every $3.00 Charge & Pay charge we made was paid back to your card before your account was deleted.',
    );
  });
});
