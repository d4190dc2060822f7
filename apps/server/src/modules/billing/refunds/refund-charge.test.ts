import { adminMessages } from '@pria/contracts';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { processMoneyEvents } from '../../notifications/index.ts';
import { runDueWork } from '../schedule/tick.ts';

/**
 * Refunds obey the money rules on every path (issue 28): never while a dispute of the charge is
 * open; one refund per Idempotency-Key and every replay answered as the first request was; the
 * reason stays internal; a refund that ends the plan says so before it is confirmed and after.
 */
const clock = fixedClock('2031-03-10T15:00:00Z');
let t: TestApp;
let finance: Api;
const customers: Record<string, Api> = {};
const later = { month: 12, year: 2040 };
const ny = (y: number, m: number, d: number, h: number) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h }, { zone: 'America/New_York' }).toJSDate();

const planCharge = async (email: string) =>
  (
    await sql<{ id: string }>`
      select a.id from payment_attempts a join customers c on c.id = a.customer_id
      where c.email = ${email} and a.kind = 'subscription' order by a.created_at limit 1`.execute(t.db)
  ).rows[0]?.id as string;
const refundsOf = async (chargeId: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from refunds where attempt_id = ${chargeId}`.execute(
      t.db,
    )
  ).rows[0]?.n;
const emailsTo = async (to: string) =>
  (
    await sql<{ subject: string; body: string }>`
      select subject, text_body as body from message_outbox where recipient = ${to} and channel = 'email' order by id`.execute(
      t.db,
    )
  ).rows;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  finance = await signedInUser(t, 'finance@pria.example', ['finance']);
  for (const name of ['ann', 'bob', 'cy', 'dee']) {
    const api = await signedInUser(t, `${name}@example.com`);
    const card = (await addCard(api, testCards.visa, '123', later)).body.data.id;
    expect((await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
    customers[name] = api;
  }
}, 90_000);
afterAll(() => t?.stop());

describe('a refund while the charge is disputed', () => {
  it('is refused with the reason, and nothing is written (the preview says why too)', async () => {
    const charge = await planCharge('ann@example.com');
    expect((await finance.post(`/api/v1/billing/charges/${charge}/simulate-dispute`)).status).toBe(202);
    await runDueWork(t.billing, clock.now());
    const res = await finance.post('/api/v1/refunds', {
      chargeId: charge,
      mode: 'full',
      reason: 'Asked to leave',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(adminMessages.refundWhileDisputed);
    expect(await refundsOf(charge)).toBe(0);
    const preview = await finance.get(`/api/v1/refunds/preview?chargeId=${charge}&mode=full`);
    expect(preview.body.data.refusal).toBe(adminMessages.refundWhileDisputed);
  });

  it('is refused by the database as well', async () => {
    const charge = await planCharge('ann@example.com');
    const insert = sql`insert into refunds (attempt_id, customer_id, card_id, amount_cents, mode, reason,
                         request_key, reference, status, requested_by, created_at)
      select id, customer_id, card_id, 100, 'full', 'script', 'script-1', 'refund:script-1', 'submitted', 'script', now()
      from payment_attempts where id = ${charge}`.execute(t.db);
    await expect(insert).rejects.toMatchObject({ constraint: 'refunds_not_while_disputed' });
  });
});

describe('one dispute per charge', () => {
  it('records a second notice for a disputed charge as the same case', async () => {
    const charge = await planCharge('ann@example.com');
    await finance.post(`/api/v1/billing/charges/${charge}/simulate-dispute`);
    await runDueWork(t.billing, clock.now());
    const open = await sql<{ n: number }>`
      select count(*)::int as n from disputes where attempt_id = ${charge} and status = 'open'`.execute(t.db);
    expect(open.rows[0]?.n).toBe(1);
  });

  it('cannot hold two open disputes of one charge, whatever writes them', async () => {
    const charge = await planCharge('ann@example.com');
    const second =
      sql`insert into disputes (processor_dispute_id, attempt_id, customer_id, card_id, amount_cents,
                         status, payback_sent, opened_at)
      select 'another-case', id, customer_id, card_id, amount_cents, 'open', false, now()
      from payment_attempts where id = ${charge}`.execute(t.db);
    await expect(second).rejects.toMatchObject({ constraint: 'disputes_one_open_per_charge' });
  });
});

describe('an Idempotency-Key', () => {
  it('makes ten parallel requests one refund, each answered with the first answer', async () => {
    const charge = await planCharge('bob@example.com');
    const body = { chargeId: charge, mode: 'full', reason: 'Charged by mistake' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        finance.post('/api/v1/refunds', body, { 'Idempotency-Key': 'ticket-1001' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'false')).toHaveLength(1);
    expect(await refundsOf(charge)).toBe(1);
    const atProcessor = await sql<{ n: number }>`
      select count(*)::int as n from gateway_sim.transactions t join refunds f on t.reference = f.reference
      where f.attempt_id = ${charge}`.execute(t.db);
    expect(atProcessor.rows[0]?.n).toBe(1);
  });

  it('answers a later replay with the first answer, even once nothing is left to refund', async () => {
    const charge = await planCharge('bob@example.com');
    const body = { chargeId: charge, mode: 'full', reason: 'Charged by mistake' };
    const first = await finance.post('/api/v1/refunds', body, { 'Idempotency-Key': 'ticket-1001' });
    expect(first.status).toBe(201);
    expect(first.body.data.status).toBe('refunded');
    const fresh = await finance.post('/api/v1/refunds', body, { 'Idempotency-Key': 'ticket-1002' });
    expect(fresh.status).toBe(409);
    expect(fresh.body.message).toBe(adminMessages.refundNothingLeft);
  });

  it('refuses the same key with other parameters', async () => {
    const charge = await planCharge('cy@example.com');
    const res = await finance.post(
      '/api/v1/refunds',
      { chargeId: charge, mode: 'full', reason: 'Another reason' },
      { 'Idempotency-Key': 'ticket-1001' },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(adminMessages.refundKeyReused);
    expect(await refundsOf(charge)).toBe(0);
  });
});

describe('what a refund says', () => {
  it('shows the amount and that it ends the plan before it is confirmed', async () => {
    clock.set(ny(2031, 3, 20, 12));
    const charge = await planCharge('cy@example.com');
    const preview = await finance.get(`/api/v1/refunds/preview?chargeId=${charge}&mode=prorated`);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      amount: 3664,
      endsPlan: true,
      planName: 'Semi-Annual',
      planWouldEndAt: ny(2031, 9, 10, 0).toISOString(),
      refusal: null,
    });
    const refund = await finance.post('/api/v1/refunds', {
      chargeId: charge,
      mode: 'prorated',
      reason: 'goodwill prorated refund',
      customerMessage: 'Sorry to see you go.',
    });
    expect(refund.body.data).toMatchObject({ amount: 3664, planEndedAt: ny(2031, 3, 20, 12).toISOString() });
  });

  it("tells the customer the plan ended and staff's message, never the internal reason", async () => {
    await processMoneyEvents(t.notifications);
    const mail = (await emailsTo('cy@example.com')).find((m) => m.subject.startsWith('We refunded'));
    expect(mail?.body).toContain('Sorry to see you go.');
    expect(mail?.body).toContain('This refund ended your Semi-Annual plan on March 20, 2031');
    expect(mail?.body).not.toContain('goodwill');
  });

  it('shows the customer why the plan ended, not a failed renewal', async () => {
    const sub = (await customers.cy?.get('/api/v1/subscriptions/me'))?.body.data;
    expect(sub).toMatchObject({ status: 'inactive', endedBy: 'refund' });
    const activity = (await customers.cy?.get('/api/v1/transactions?limit=10'))?.body.data.rows as {
      type: string;
      remarks: string | null;
    }[];
    expect(activity.find((r) => r.type === 'refund')?.remarks).toBe(
      'Your plan ended with this refund. Sorry to see you go.',
    );
  });

  it("words the same refund for staff on the client's page, in the third person", async () => {
    const cy = await sql<{ id: string }>`select id from customers where email = 'cy@example.com'`.execute(
      t.db,
    );
    const rows = (await finance.get(`/api/v1/customers/${cy.rows[0]?.id}/transactions?limit=10`)).body.data
      .rows as {
      type: string;
      description: string;
      remarks: string | null;
    }[];
    expect(rows.find((r) => r.type === 'refund')).toMatchObject({
      description: 'Refund of a plan charge',
      remarks: "The customer's plan ended with this refund. Message to the customer: Sorry to see you go.",
    });
    expect(JSON.stringify(rows)).not.toMatch(/\byour\b/i);
  });

  it('leaves the plan alone when the charge paid an earlier period', async () => {
    // Dee's period renews on September 10th; a refund of the March charge after that ends nothing.
    clock.set(ny(2031, 9, 10, 16));
    await runDueWork(t.billing, clock.now());
    const march = await planCharge('dee@example.com');
    const preview = await finance.get(`/api/v1/refunds/preview?chargeId=${march}&mode=full`);
    expect(preview.body.data).toMatchObject({
      endsPlan: false,
      planEffect: 'period_over',
      periodEndsAt: ny(2031, 9, 10, 0).toISOString(),
      amount: 3897,
    });
    expect(
      (await finance.post('/api/v1/refunds', { chargeId: march, mode: 'full', reason: 'x' })).status,
    ).toBe(201);
    expect((await customers.dee?.get('/api/v1/subscriptions/me'))?.body.data.status).toBe('active');
  });
});
