import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedInUser } from '../../test/customers.ts';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// The staff list reads each sort from several runs (pay-ins by date, plan charges by amount,
// captured charges by date, others by state: migration 0032) and counts filtered pages from
// roll-ups: every sort, order, filter and page must still equal one sort of all the rows.
let t: TestApp;
let admin: Api;

interface Row {
  id: string;
  createdAt: string;
  amount: number;
  type: string;
  transactionStatus: string;
}
const all: Row[] = [];

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'order-admin@pria.test', ['admin']);
  const day = (d: number) => new Date(Date.UTC(2026, 0, 1 + d, 21));
  let d = 0;
  for (const email of ['ann@example.com', 'bob@example.com', 'cy@example.com']) {
    const customerId = await insertCustomer(t.db, { email });
    const cardId = await insertCard(t.db, customerId);
    const statuses = ['captured', 'declined', 'captured', 'missed', 'submitted', 'captured'] as const;
    for (const [i, status] of statuses.entries()) {
      const id = await insertCharge(t.db, {
        customerId,
        cardId,
        period: `2026-${String(i + 1).padStart(2, '0')}`,
        status,
        createdAt: day(d++),
      });
      if (status === 'captured') {
        const payout = (['paid', 'failed', 'returned', 'pending'] as const)[(d + i) % 4];
        await insertPayout(t.db, id, { status: payout, createdAt: day(d++) });
      }
    }
    for (const [i, amount] of [3897, 4210].entries()) {
      await insertCharge(t.db, {
        customerId,
        cardId,
        kind: 'subscription',
        period: `2026-0${i + 1}-15`,
        status: i === 0 ? 'captured' : 'declined',
        amount: amount + d,
        createdAt: day(d++),
      });
    }
  }
  const res = await admin.get('/api/v1/admin/transactions?limit=10&page=1');
  const total = res.body.data.totalCount as number;
  for (let page = 1; page <= Math.ceil(total / 10); page++) {
    all.push(...(await admin.get(`/api/v1/admin/transactions?limit=10&page=${page}`)).body.data.rows);
  }
  expect(all).toHaveLength(total);
}, 60_000);
afterAll(async () => t?.stop());

const keyOf: Record<string, (r: Row) => (string | number)[]> = {
  createdAt: (r) => [r.createdAt, r.id],
  amount: (r) => [r.amount, r.createdAt, r.id],
  type: (r) => [r.type, r.createdAt, r.id],
  transactionStatus: (r) => [r.transactionStatus, r.createdAt, r.id],
};
const compare = (a: (string | number)[], b: (string | number)[]) => {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

describe('GET /admin/transactions: every sort and filter, page by page', () => {
  it('has mixed rows to order (pay-ins in four states, plan charges of several amounts, pay-backs in four)', () => {
    expect(new Set(all.map((r) => r.type))).toEqual(new Set(['CAPTURE', 'SUBSCRIPTION_CAPTURE', 'PAYOUT']));
    expect(new Set(all.map((r) => r.transactionStatus))).toEqual(
      new Set(['success', 'failed', 'pending', 'missed']),
    );
    expect(new Set(all.filter((r) => r.type === 'SUBSCRIPTION_CAPTURE').map((r) => r.amount)).size).toBe(6);
  });

  const filters: [string, (r: Row) => boolean][] = [
    ['', () => true],
    ['type=capture', (r) => r.type !== 'PAYOUT'],
    ['type=subscription', (r) => r.type === 'SUBSCRIPTION_CAPTURE'],
    ['type=payout', (r) => r.type === 'PAYOUT'],
    ...['success', 'failed', 'pending', 'missed'].map(
      (s) => [`status=${s}`, (r: Row) => r.transactionStatus === s] as [string, (r: Row) => boolean],
    ),
    [
      'status=success&type=subscription',
      (r) => r.transactionStatus === 'success' && r.type === 'SUBSCRIPTION_CAPTURE',
    ],
    ['status=failed&type=payout', (r) => r.transactionStatus === 'failed' && r.type === 'PAYOUT'],
    [
      'status=pending&from=2026-01-10',
      (r) => r.transactionStatus === 'pending' && r.createdAt >= '2026-01-10T05:00',
    ],
  ];
  for (const sort of Object.keys(keyOf)) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sort=${sort}&order=${order}, each filter, 10 rows a page`, async () => {
        for (const [filter, keep] of filters) {
          const expected = all
            .filter(keep)
            .sort(
              (a, b) => compare(keyOf[sort]?.(a) ?? [], keyOf[sort]?.(b) ?? []) * (order === 'asc' ? 1 : -1),
            )
            .map((r) => r.id);
          const got: string[] = [];
          for (let page = 1; ; page++) {
            const res = await admin.get(
              `/api/v1/admin/transactions?sort=${sort}&order=${order}&limit=10&page=${page}&${filter}`,
            );
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            expect(res.body.data.totalCount, `${filter} count`).toBe(expected.length);
            const rows = res.body.data.rows as Row[];
            got.push(...rows.map((r) => r.id));
            if (rows.length < 10) break;
          }
          expect(got, filter).toEqual(expected);
        }
      });
    }
  }
});
