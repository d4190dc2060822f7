import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.ts';
import { parseCsv } from '../../test/csv.ts';
import { type Api, signedInUser } from '../../test/customers.ts';
import { insertCard, insertCharge, insertCustomer, insertPayout, insertRefund } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The Reconciliation screen (the admin home), GET /billing/reconciliation and a period's CSV
 * export tell the same books (issue 29, ADR 37): every figure of a $3 period is the sum of the
 * export's lines, on a ledger with $3 refunds, a plan charge refunded in the same month (not in
 * any $3 period's books: its charge paid a plan period) and disputes before and after the
 * pay-back.
 */
let t: TestApp;
let finance: Api;
const period = '2029-09';
const charged = new Date('2029-09-28T20:01:00Z');
const paidAt = new Date('2029-10-02T20:01:00Z');

const refund = (
  db: Db,
  attemptId: string,
  cents: number,
  status: 'refunded' | 'failed',
  at = new Date('2029-09-29T16:00:00Z'),
) => insertRefund(db, attemptId, { cents, status, at });

async function dispute(db: Db, attemptId: string, status: 'open' | 'lost', paybackSent: boolean) {
  await sql`
    insert into disputes (processor_dispute_id, attempt_id, customer_id, card_id, amount_cents, status,
                          payback_sent, opened_at)
    select ${`dp-${crypto.randomUUID()}`}, id, customer_id, card_id, amount_cents, ${status}, ${paybackSent},
           ${paidAt}
    from payment_attempts where id = ${attemptId}`.execute(db);
}

beforeAll(async () => {
  t = await startTestApp();
  finance = await signedInUser(t, 'finance@pria.example', ['finance']);
  let n = 0;
  const payin = async (status: 'captured' | 'declined' = 'captured') => {
    const customer = await insertCustomer(t.db, { email: `ledger-${++n}@example.com` });
    const card = await insertCard(t.db, customer);
    return insertCharge(t.db, { customerId: customer, cardId: card, period, status, createdAt: charged });
  };
  // Paid back.
  await insertPayout(t.db, await payin(), { createdAt: paidAt });
  // Paid back, then refunded in full (a $3 refund), and one refused by the processor beside it.
  const refundedInFull = await payin();
  await insertPayout(t.db, refundedInFull, { createdAt: paidAt });
  await refund(t.db, refundedInFull, 200, 'failed');
  await refund(t.db, refundedInFull, 300, 'refunded');
  // Refunded in two parts, its pay-back owed.
  const refundedInParts = await payin();
  await refund(t.db, refundedInParts, 100, 'refunded');
  await refund(t.db, refundedInParts, 50, 'refunded');
  // Disputed before its pay-back (withheld), and after it (lost).
  await dispute(t.db, await payin(), 'open', false);
  const lost = await payin();
  await insertPayout(t.db, lost, { createdAt: paidAt });
  await dispute(t.db, lost, 'lost', true);
  await payin('declined');
  // A plan charge made and refunded in the period's month, and disputed: none of it is $3 books.
  const customer = await insertCustomer(t.db, { email: 'plan@example.com' });
  const card = await insertCard(t.db, customer);
  const plan = await insertCharge(t.db, {
    customerId: customer,
    cardId: card,
    kind: 'subscription',
    period: '2029-09-10',
    amount: 3897,
    createdAt: new Date('2029-09-10T15:00:00Z'),
  });
  await refund(t.db, plan, 3664, 'refunded', new Date('2029-09-20T16:00:00Z'));
  const planTwo = await insertCharge(t.db, {
    customerId: customer,
    cardId: card,
    kind: 'subscription',
    period: '2029-09-11',
    amount: 3897,
    createdAt: new Date('2029-09-11T15:00:00Z'),
  });
  await dispute(t.db, planTwo, 'open', false);
}, 60_000);
afterAll(() => t?.stop());

type Line = Record<string, string>;
const sum = (lines: Line[], column: string) => lines.reduce((s, l) => s + Number(l[column] || 0), 0);
const figure = (lines: Line[], column: string) => ({ count: lines.length, cents: sum(lines, column) });

/** A period's figures as finance would total the export's lines in a spreadsheet. */
function booksOf(lines: Line[]) {
  const captured = lines.filter((l) => l.charge_status === 'captured');
  const paid = lines.filter((l) => l.payback_status === 'paid');
  const disputed = lines.filter((l) => l.dispute_status === 'open' || l.dispute_status === 'lost');
  // Disputed before the pay-back went out: withheld; after it: "lost" (paid twice), never withheld.
  const withheld = disputed.filter((l) => l.dispute_lost !== 'true');
  const owed = captured.filter((l) => l.payback_status !== 'paid' && !withheld.includes(l));
  return {
    charged: figure(captured, 'charged_cents'),
    declined: { count: lines.filter((l) => l.charge_status === 'declined').length },
    paidBack: figure(paid, 'paid_back_cents'),
    disputed: figure(disputed, 'charged_cents'),
    withheld: figure(withheld, 'charged_cents'),
    lost: figure(
      lines.filter((l) => l.dispute_lost === 'true'),
      'charged_cents',
    ),
    refunded: figure(
      lines.filter((l) => l.refunded_cents !== ''),
      'refunded_cents',
    ),
    outstanding: figure(owed, 'charged_cents'),
  };
}

describe("a $3 period's books", () => {
  it('are the same on the screen, in the API and in the export', async () => {
    const csv = await finance.download(`/api/v1/admin/exports/reconciliation.csv?period=${period}`);
    expect(csv.status).toBe(200);
    const fromLines = booksOf(parseCsv(csv.bytes.toString('utf8')));
    const api = (await finance.get(`/api/v1/billing/reconciliation?period=${period}`)).body.data[0];
    const screen = (await finance.get('/api/v1/admin/metrics')).body.data.reconciliation.find(
      (r: { period: string }) => r.period === period,
    );
    expect(api).toMatchObject(fromLines);
    expect(screen).toEqual(api);
  });

  it('count the refunds of its $3 charges that went through, and no plan charge', async () => {
    const api = (await finance.get(`/api/v1/billing/reconciliation?period=${period}`)).body.data[0];
    expect(api).toMatchObject({
      charged: { count: 5, cents: 1500 },
      refunded: { count: 2, cents: 450 },
      disputed: { count: 2, cents: 600 },
      withheld: { count: 1, cents: 300 },
      lost: { count: 1, cents: 300 },
      // The refunded-in-parts charge is still owed its pay-back; the open dispute's is withheld.
      outstanding: { count: 1, cents: 300 },
    });
  });

  it('list each $3 charge once, with what was refunded of it', async () => {
    const csv = await finance.download(`/api/v1/admin/exports/reconciliation.csv?period=${period}`);
    const lines = parseCsv(csv.bytes.toString('utf8'));
    expect(lines).toHaveLength(6);
    expect(lines.map((l) => l.refunded_usd).sort()).toEqual(['', '', '', '', '1.50', '3.00']);
  });
});
