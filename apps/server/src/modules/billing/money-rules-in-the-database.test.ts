import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// A money row's references are checked once per statement (migration 0030, ADR 17) instead of
// by foreign keys: each rule a foreign key or the old per-row trigger enforced still fails the
// whole statement, and what they refer to can never be deleted.
let t: TestApp;
let customerId: string;
let cardId: string;
let otherCustomer: string;
let otherCard: string;
let otherSubscription: string;

beforeAll(async () => {
  t = await startTestApp();
  customerId = await insertCustomer(t.db, { email: 'refs@example.com' });
  cardId = await insertCard(t.db, customerId);
  otherCustomer = await insertCustomer(t.db, { email: 'other-refs@example.com' });
  otherCard = await insertCard(t.db, otherCustomer);
  await sql`insert into subscriptions (customer_id, plan_id, card_id, status, expires_at, created_at)
    values (${customerId}, 'semi-annual', ${cardId}, 'active', '2099-01-01', now())`.execute(t.db);
  const other = await sql<{
    id: string;
  }>`insert into subscriptions (customer_id, plan_id, card_id, status, expires_at, created_at)
    values (${otherCustomer}, 'semi-annual', ${otherCard}, 'active', '2099-01-01', now()) returning id`.execute(
    t.db,
  );
  otherSubscription = other.rows[0]?.id as string;
}, 60_000);
afterAll(() => t?.stop());

const count = async (table: 'payment_attempts' | 'payouts') =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0]?.n);

/** Two pay-in attempts in one statement; `second` overrides the second row's references. */
const insertTwoAttempts = (second: { customer_id?: string; card_id?: string; subscription_id?: string }) =>
  sql`
    insert into payment_attempts (reference, kind, period, customer_id, card_id, subscription_id, amount_cents,
                                  description, status, created_at, due_at)
    values (${`ref-${randomUUID()}`}, 'payin', '2031-01', ${customerId}, ${cardId}, null, 300, 'x', 'captured', now(),
            pria_payin_due_at('2031-01')),
           (${`ref-${randomUUID()}`}, 'payin', '2031-02', ${second.customer_id ?? customerId},
            ${second.card_id ?? cardId}, ${second.subscription_id ?? null}, 300, 'x', 'captured', now(),
            pria_payin_due_at('2031-02'))`.execute(t.db);

describe('money row references', () => {
  it("refuses an attempt whose customer, card or subscription does not exist or is not the customer's: the whole statement, SQLSTATE 23503", async () => {
    const before = await count('payment_attempts');
    for (const missing of [
      { customer_id: randomUUID() },
      { card_id: randomUUID() },
      { subscription_id: randomUUID() },
      { card_id: otherCard }, // another customer's card
      { subscription_id: otherSubscription }, // another customer's subscription
    ]) {
      await expect(insertTwoAttempts(missing)).rejects.toMatchObject({ code: '23503' });
    }
    expect(await count('payment_attempts')).toBe(before);
    await insertTwoAttempts({});
    expect(await count('payment_attempts')).toBe(before + 2);
  });

  it('refuses a pay-in of another amount than $3; a plan charge takes any amount (migration 0032)', async () => {
    const attempt = (kind: 'payin' | 'subscription', cents: number) =>
      sql`
        insert into payment_attempts (reference, kind, period, customer_id, card_id, amount_cents, description,
                                      status, created_at, due_at)
        values (${`ref-${randomUUID()}`}, ${kind}, '2031-05', ${customerId}, ${cardId}, ${cents}, 'x', 'captured',
                now(), pria_payin_due_at('2031-05'))`.execute(t.db);
    const before = await count('payment_attempts');
    await expect(attempt('payin', 301)).rejects.toMatchObject({
      code: '23514',
      constraint: 'payment_attempts_payin_amount',
    });
    expect(await count('payment_attempts')).toBe(before);
    await attempt('subscription', 3897);
    expect(await count('payment_attempts')).toBe(before + 1);
  });

  it("refuses a payout that is not its capture's: missing, not captured, another amount, card or customer", async () => {
    const capture = await insertCharge(t.db, {
      customerId,
      cardId,
      period: '2031-03',
      createdAt: new Date(),
    });
    const declined = await insertCharge(t.db, {
      customerId,
      cardId,
      period: '2031-04',
      status: 'declined',
      createdAt: new Date(),
    });
    const before = await count('payouts');
    const payout = (o: { attempt?: string; amount?: number; card?: string; customer?: string }) =>
      sql`
        insert into payouts (attempt_id, customer_id, card_id, instrument_id, period, amount_cents, status, created_at, due_at)
        values (${o.attempt ?? capture}, ${o.customer ?? customerId}, ${o.card ?? cardId}, 'inst', '2031-03',
                ${o.amount ?? 300}, 'pending', now(), now())`.execute(t.db);
    for (const bad of [
      { attempt: randomUUID() },
      { attempt: declined },
      { card: otherCard },
      { customer: otherCustomer },
    ]) {
      await expect(payout(bad)).rejects.toMatchObject({ code: '23503' });
    }
    // Another amount than its capture's: every capture and pay-back is $3 (migration 0032).
    await expect(payout({ amount: 301 })).rejects.toMatchObject({
      code: '23514',
      constraint: 'payouts_amount',
    });
    expect(await count('payouts')).toBe(before);
    const id = await insertPayout(t.db, capture, { status: 'pending', createdAt: new Date() });
    expect(await count('payouts')).toBe(before + 1);

    // Its capture, amount, card, customer and instrument never change; its status does.
    for (const change of [
      sql`amount_cents = 1`,
      sql`card_id = ${otherCard}`,
      sql`customer_id = ${otherCustomer}`,
      sql`instrument_id = 'elsewhere'`,
      sql`attempt_id = ${declined}`,
    ]) {
      await expect(sql`update payouts set ${change} where id = ${id}`.execute(t.db)).rejects.toThrow(
        /immutable/,
      );
    }
    // Along its state machine only (migration 0090): claimed to be sent.
    await sql`update payouts set status = 'submitted', tries = 1, sent_at = now() where id = ${id}`.execute(
      t.db,
    );
  });

  it('refuses a money event whose attempt or refund does not exist, and keeps the rest of its statement out', async () => {
    const capture = await insertCharge(t.db, {
      customerId,
      cardId,
      period: '2031-06',
      createdAt: new Date(),
    });
    const events = (o: { attempt?: string; refund?: string }) =>
      sql`insert into money_events (type, dedupe_key, customer_id, card_id, amount_cents, occurred_at, attempt_id, refund_id)
          values ('charge.succeeded', ${`ok:${randomUUID()}`}, ${customerId}, ${cardId}, 300, now(), ${capture}, null),
                 ('charge.succeeded', ${`bad:${randomUUID()}`}, ${customerId}, ${cardId}, 300, now(),
                  ${o.attempt ?? null}, ${o.refund ?? null})`.execute(t.db);
    const n = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from money_events`.execute(t.db)).rows[0]?.n);
    const before = await n();
    await expect(events({ attempt: randomUUID() })).rejects.toMatchObject({ code: '23503' });
    await expect(events({ refund: randomUUID() })).rejects.toMatchObject({ code: '23503' });
    expect(await n()).toBe(before);
    await events({});
    expect(await n()).toBe(before + 2);
  });

  it('refuses to change the subscription or plan an attempt was made for', async () => {
    const id = await insertCharge(t.db, { customerId, cardId, period: '2031-05', createdAt: new Date() });
    await expect(
      sql`update payment_attempts set plan_id = 'annual' where id = ${id}`.execute(t.db),
    ).rejects.toThrow(/immutable/);
  });

  it('never deletes a customer, card, subscription or plan (money rows refer to them)', async () => {
    for (const table of ['customers', 'cards', 'subscriptions', 'plans']) {
      const row = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db);
      expect(Number(row.rows[0]?.n)).toBeGreaterThan(0);
      await expect(sql`delete from ${sql.table(table)}`.execute(t.db)).rejects.toThrow(/never deleted/);
      expect(
        (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows,
      ).toEqual(row.rows);
    }
  });
});
