import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { forceBillingRun } from '../schedule/force-run.ts';
import { runDueWork } from '../schedule/tick.ts';

/**
 * Times that tell the truth (issue 28, migration 0036): each money row records when it was due,
 * sent and settled by the engine's clock (this test's clock is years from the database's), and
 * the activity, the staff list and the statement show when the card was really charged or paid.
 */
const clock = fixedClock('2031-01-10T15:00:00Z');
let t: TestApp;
let ann: Api;
let admin: Api;
let card: string;
const ny = (m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject(
    { year: 2031, month: m, day: d, hour: h, minute: min },
    { zone: 'America/New_York' },
  ).toJSDate();
const at = (instant: Date) => {
  clock.set(instant);
  return runDueWork(t.billing, instant);
};
const payin = async (period: string) =>
  (
    await sql<{ id: string; status: string; due_at: Date; sent_at: Date | null; settled_at: Date | null }>`
      select id, status, due_at, sent_at, settled_at from payment_attempts
      where card_id = ${card} and kind = 'payin' and period = ${period}`.execute(t.db)
  ).rows[0];

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  ann = await signedInUser(t, 'ann@example.com');
  admin = await signedInUser(t, 'ops@pria.example', ['admin']);
  card = (await addCard(ann, testCards.visa, '123', { month: 12, year: 2040 })).body.data.id;
  expect((await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
}, 60_000);
afterAll(() => t?.stop());

describe('a pay-in', () => {
  it('is due at its 28th 16:00 and dated when the engine sent it and heard back', async () => {
    await at(ny(1, 28, 16, 3));
    expect(await payin('2031-01')).toMatchObject({
      status: 'captured',
      due_at: ny(1, 28, 16),
      sent_at: ny(1, 28, 16, 3),
      settled_at: ny(1, 28, 16, 3),
    });
  });

  it('can never be recorded as sent before it was due', async () => {
    const row = await payin('2031-01');
    // Captured, its send time is written once (migration 0090)...
    const rewritten =
      sql`update payment_attempts set sent_at = ${ny(1, 27, 12)} where id = ${row?.id}`.execute(t.db);
    await expect(rewritten).rejects.toMatchObject({ constraint: 'payment_attempts_written_once' });
    // ...and no pay-in is written as sent before its due instant (a check).
    const early = sql`
      insert into payment_attempts (reference, kind, period, customer_id, card_id, amount_cents, description, status,
                                    created_at, due_at, sent_at)
      select 'early-' || id, kind, '2031-06', customer_id, card_id, amount_cents, description, 'submitted', now(),
             pria_payin_due_at('2031-06'), pria_payin_due_at('2031-06') - interval '1 hour'
      from payment_attempts where id = ${row?.id}`.execute(t.db);
    await expect(early).rejects.toMatchObject({ constraint: 'payment_attempts_payin_sent_after_due' });
  });

  it("is paid back, the pay-back dated by the engine's clock too", async () => {
    await at(ny(2, 2, 16, 5));
    const p = await sql<{ due_at: Date; sent_at: Date; settled_at: Date }>`
      select due_at, sent_at, settled_at from payouts where card_id = ${card} and period = '2031-01'`.execute(
      t.db,
    );
    expect(p.rows).toEqual([{ due_at: ny(2, 2, 16), sent_at: ny(2, 2, 16, 5), settled_at: ny(2, 2, 16, 5) }]);
  });
});

describe('a missed month charged after all', () => {
  it('keeps the month it was due, and records when the card was really charged', async () => {
    // Pria is down from February 27th to March 3rd: February's window closes unrun (missed).
    await at(ny(3, 3, 9));
    expect(await payin('2031-02')).toMatchObject({ status: 'missed', due_at: ny(2, 28, 16), sent_at: null });
    // Staff charge it on March 10th.
    clock.set(ny(3, 10, 11));
    await forceBillingRun(
      t.billing,
      {
        kind: 'payin',
        period: '2031-02',
        audit: { actor: 'ops', roles: ['admin'], requestId: null, clientIp: null },
      },
      { wait: true },
    );
    expect(await payin('2031-02')).toMatchObject({
      status: 'captured',
      due_at: ny(2, 28, 16),
      sent_at: ny(3, 10, 11),
      settled_at: ny(3, 10, 11),
    });
  });

  it("shows the day it was charged in the customer's activity and the staff list", async () => {
    const id = (await payin('2031-02'))?.id;
    const activity = (await ann.get('/api/v1/transactions?limit=20')).body.data.rows as {
      id: string;
      createdAt: string;
    }[];
    expect(activity.find((r) => r.id === id)?.createdAt).toBe(ny(3, 10, 11).toISOString());
    const { id: annId } = await t.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'ann@example.com')
      .executeTakeFirstOrThrow();
    const rows = (await admin.get(`/api/v1/admin/transactions?userId=${annId}&limit=50`)).body.data.rows as {
      id: string;
      dueAt: string;
      sentAt: string | null;
    }[];
    expect(rows.find((r) => r.id === id)).toMatchObject({
      dueAt: ny(2, 28, 16).toISOString(),
      sentAt: ny(3, 10, 11).toISOString(),
    });
  });

  it('is dated to the day it was charged in the transactions export', async () => {
    const id = (await payin('2031-02'))?.id as string;
    const csv = await admin.download('/api/v1/admin/exports/transactions.csv');
    const lines = csv.bytes.toString('utf8').trim().split('\n');
    const header = (lines[0] ?? '').split(',');
    const line = (lines.find((l) => l.startsWith(id)) ?? '').split(',');
    // Instants in a CSV carry New York's offset (ADR 50): a person reads New York's day.
    const inNewYork = (d: Date) => DateTime.fromJSDate(d, { zone: 'America/New_York' }).toISO();
    expect(line[header.indexOf('sent_at')]).toBe(inNewYork(ny(3, 10, 11)));
    expect(line[header.indexOf('due_at')]).toBe(inNewYork(ny(2, 28, 16)));
  });
});
