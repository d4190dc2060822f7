import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedInUser } from '../../test/customers.ts';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ATTEMPT_STATES } from './transactions.repo.ts';

let t: TestApp;
let admin: Api;
let ann: string;
let bob: string;
const ids = { annJan: '', bobJan: '', annPlan: '', annPayout: '', annFeb: '' };
const at = (d: number) => new Date(Date.UTC(2026, 0, d, 21));

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'admin@pria.test', ['admin']);
  ann = await insertCustomer(t.db, { email: 'ann@example.com' });
  bob = await insertCustomer(t.db, { email: 'bob@example.com' });
  const annCard = await insertCard(t.db, ann, { brand: 'mastercard', lastFour: '4444' });
  const bobCard = await insertCard(t.db, bob);
  ids.annJan = await insertCharge(t.db, {
    customerId: ann,
    cardId: annCard,
    period: '2025-11',
    createdAt: at(1),
    gatewayId: 'gw-1',
  });
  ids.bobJan = await insertCharge(t.db, {
    customerId: bob,
    cardId: bobCard,
    period: '2025-12',
    status: 'declined',
    reason: 'insufficient_funds',
    createdAt: at(2),
  });
  ids.annPlan = await insertCharge(t.db, {
    customerId: ann,
    cardId: annCard,
    kind: 'subscription',
    period: '2026-01-03',
    amount: 3897,
    createdAt: at(3),
  });
  ids.annPayout = await insertPayout(t.db, ids.annJan, { status: 'returned', createdAt: at(4) });
  ids.annFeb = await insertCharge(t.db, {
    customerId: ann,
    cardId: annCard,
    period: '2025-12',
    status: 'submitted',
    createdAt: at(5),
  });
});
afterAll(async () => t?.stop());

const list = (query = '') => admin.get(`/api/v1/admin/transactions?${query}`);
const idsOf = (res: { body: { data: { rows: { id: string }[] } } }) => res.body.data.rows.map((r) => r.id);

describe('GET /admin/transactions', () => {
  it('merges charges and pay-backs, newest first, in the spec row shape', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ currentPage: 1, rowsCount: 5, lastPage: 1, totalCount: 5 });
    expect(idsOf(res)).toEqual([ids.annFeb, ids.annPayout, ids.annPlan, ids.bobJan, ids.annJan]);
    const byId = Object.fromEntries(res.body.data.rows.map((r: { id: string }) => [r.id, r]));
    expect(byId[ids.annJan]).toMatchObject({
      transactionId: 'gw-1',
      customer: { id: ann, email: 'ann@example.com' },
      card: { brand: 'mastercard', brandCode: '002', lastFour: '4444' },
      type: 'CAPTURE',
      transactionStatus: 'success',
      isVerified: false,
      isReturned: false,
      amount: 300,
    });
    expect(byId[ids.bobJan]).toMatchObject({ transactionStatus: 'failed', remarks: 'insufficient_funds' });
    expect(byId[ids.annPlan]).toMatchObject({ type: 'SUBSCRIPTION_CAPTURE', amount: 3897 });
    expect(byId[ids.annPayout]).toMatchObject({
      type: 'PAYOUT',
      isReturned: true,
      transactionStatus: 'failed',
    });
    expect(byId[ids.annFeb]).toMatchObject({ transactionStatus: 'pending' });
  });

  it('sorts by amount, type and status, and pages', async () => {
    expect(idsOf(await list('sort=amount&order=desc'))[0]).toBe(ids.annPlan);
    expect(idsOf(await list('sort=type&order=asc')).slice(-1)).toEqual([ids.annPlan]);
    const byStatus = await list('sort=transactionStatus&order=desc');
    expect(byStatus.body.data.rows.map((r: { transactionStatus: string }) => r.transactionStatus)).toEqual([
      'success',
      'success',
      'pending',
      'failed',
      'failed',
    ]);
    const asc = await list('order=asc&limit=10&page=1');
    expect(idsOf(asc)[0]).toBe(ids.annJan);
    expect((await list('page=2')).body.data).toMatchObject({ currentPage: 2, rowsCount: 0, totalCount: 5 });
  });

  it('filters by transactionId, type (any part, any case) and userId', async () => {
    expect(idsOf(await list('transactionId=gw-1'))).toEqual([ids.annJan]);
    expect(idsOf(await list(`transactionId=${ids.annPayout}`))).toEqual([ids.annPayout]);
    expect((await list('type=capture')).body.data.totalCount).toBe(4);
    expect(idsOf(await list('type=SUBSCRIPTION'))).toEqual([ids.annPlan]);
    expect(idsOf(await list('type=payout'))).toEqual([ids.annPayout]);
    expect((await list('type=refund')).body.data).toMatchObject({ rows: [], totalCount: 0, lastPage: 1 });
    expect(idsOf(await list(`userId=${bob}`))).toEqual([ids.bobJan]);
    expect((await list(`userId=${ann}&type=capture`)).body.data.totalCount).toBe(3);
    // A client's email does as well as their id (issue 29), in any case; an unknown one finds none.
    expect(idsOf(await list(`userId=${encodeURIComponent('Bob@Example.com')}`))).toEqual([ids.bobJan]);
    expect((await list('userId=nobody%40example.com')).body.data.totalCount).toBe(0);
  });

  it('refuses bad queries with 400', async () => {
    for (const q of ['limit=11', 'sort=remarks', 'userId=42', 'order=up']) {
      expect((await list(q)).status, q).toBe(400);
    }
  });
});

describe('PUT /transactions (bulk verify)', () => {
  const verifiedFlags = async () =>
    Object.fromEntries(
      (await t.db.selectFrom('payment_attempts').select(['id', 'is_verified']).execute()).map((r) => [
        r.id,
        r.is_verified,
      ]),
    );
  const auditRows = () => t.db.selectFrom('event_log').selectAll().where('stream', '=', 'admin').execute();

  it('refuses the whole request when any id is a payout or unknown, and changes nothing', async () => {
    const before = await verifiedFlags();
    const payout = await admin.put('/api/v1/transactions', {
      ids: [ids.annJan, ids.annPayout],
      isVerified: true,
    });
    expect(payout.status).toBe(409);
    expect(payout.body.message).toMatch(/^Transaction Verification Failed/);
    expect(payout.body.error).toEqual([`${ids.annPayout} is a payout, not a CAPTURE`]);
    const unknown = await admin.put('/api/v1/transactions', {
      ids: [ids.annJan, '00000000-0000-4000-8000-000000000000'],
      isVerified: true,
    });
    expect(unknown.status).toBe(409);
    expect(await verifiedFlags()).toEqual(before);
    expect(await auditRows()).toHaveLength(0);
  });

  it('refuses a charge that was not captured (declined, still pending), and changes nothing', async () => {
    const before = await verifiedFlags();
    const res = await admin.put('/api/v1/transactions', {
      ids: [ids.annJan, ids.bobJan, ids.annFeb],
      isVerified: true,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Transaction Verification Failed: 2 of 3 cannot be verified; nothing was changed',
    );
    expect(res.body.error.sort()).toEqual(
      [
        `${ids.bobJan} is a monthly charge that was declined: only captured charges can be verified`,
        `${ids.annFeb} is a monthly charge that is still pending: only captured charges can be verified`,
      ].sort(),
    );
    expect(await verifiedFlags()).toEqual(before);
    expect(await auditRows()).toHaveLength(0);
  });

  it('verifies captured charges, records who and when, and writes the audit row', async () => {
    const res = await admin.put('/api/v1/transactions', {
      ids: [ids.annJan, ids.annPlan],
      isVerified: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Transactions Verified');
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([ids.annPlan, ids.annJan]);
    expect(res.body.data.every((r: { isVerified: boolean }) => r.isVerified)).toBe(true);
    const row = await t.db
      .selectFrom('payment_attempts')
      .select(['verified_by', 'verified_at'])
      .where('id', '=', ids.annJan)
      .executeTakeFirstOrThrow();
    expect(row.verified_by).toBe('admin@pria.test');
    expect(row.verified_at).toBeInstanceOf(Date);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'admin@pria.test', message: 'Verified 2 transactions' });
    expect((audit[0]?.data as { ids: string[] } | undefined)?.ids.sort()).toEqual(
      [ids.annJan, ids.annPlan].sort(),
    );
    const listed = await list(`userId=${ann}`);
    const flags = Object.fromEntries(
      listed.body.data.rows.map((r: { id: string; isVerified: boolean }) => [r.id, r.isVerified]),
    );
    expect(flags).toMatchObject({ [ids.annJan]: true, [ids.annPlan]: true, [ids.annFeb]: false });
  });

  it('refuses already-verified rows (all or nothing)', async () => {
    const captured = await insertCharge(t.db, {
      customerId: bob,
      cardId: (
        await t.db.selectFrom('cards').select('id').where('customer_id', '=', bob).executeTakeFirstOrThrow()
      ).id,
      period: '2026-01',
      createdAt: at(6),
    });
    const res = await admin.put('/api/v1/transactions', { ids: [captured, ids.annJan], isVerified: true });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual([`${ids.annJan} is already verified`]);
    expect((await verifiedFlags())[captured]).toBe(false);
    expect(await auditRows()).toHaveLength(1);
    // One charge reads in the singular in the log (issue 29: "Verified 1 transactions").
    expect((await admin.put('/api/v1/transactions', { ids: [captured], isVerified: true })).status).toBe(200);
    expect((await auditRows()).map((r) => r.message)).toContain('Verified 1 transaction');
  });

  it('the database keeps the mark off a charge that was not captured, whatever the path', async () => {
    for (const id of [ids.bobJan, ids.annFeb]) {
      await expect(
        t.appDb.updateTable('payment_attempts').set({ is_verified: true }).where('id', '=', id).execute(),
      ).rejects.toThrow(/payment_attempts_verified_only_captured/);
    }
    // A verified capture stays one: the check is the list's "success" state, one literal in each.
    const { def } = await sql<{ def: string }>`
      select pg_get_constraintdef(oid) as def from pg_constraint
      where conname = 'payment_attempts_verified_only_captured'`
      .execute(t.db)
      .then((r) => r.rows[0] ?? { def: '' });
    const captured = Object.entries(ATTEMPT_STATES).find(([, state]) => state === 'success')?.[0];
    expect(def).toContain(`status = '${captured}'`);
  });

  it('validates the body', async () => {
    for (const body of [
      { ids: [], isVerified: true },
      { ids: ['x'], isVerified: true },
      { ids: [ids.annFeb], isVerified: false },
    ]) {
      expect((await admin.put('/api/v1/transactions', body)).status).toBe(400);
    }
    const many = Array.from({ length: 501 }, () => ids.annFeb);
    expect((await admin.put('/api/v1/transactions', { ids: many, isVerified: true })).status).toBe(400);
  });
});

describe('GET /customers/{id}/transactions (client activity)', () => {
  it("answers the client's activity like the customer's own", async () => {
    const res = await admin.get(
      `/api/v1/customers/${ann}/transactions?startDate=${at(1).getTime() - 1}&endDate=${at(30).getTime()}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.totalCount).toBe(4);
    expect(res.body.data.rows[0]).toMatchObject({
      id: ids.annFeb,
      type: 'charge',
      card: { lastFour: '4444' },
    });
    expect(res.body.data.rows[1]).toMatchObject({
      id: ids.annPayout,
      type: 'payment',
      transactionState: 'Returned',
    });
    expect(
      (await admin.get('/api/v1/customers/00000000-0000-4000-8000-000000000000/transactions')).status,
    ).toBe(404);
    expect((await admin.get('/api/v1/customers/nope/transactions')).status).toBe(400);
  });

  it('refuses a window that ends before it starts, as the customer route does', async () => {
    const res = await admin.get(`/api/v1/customers/${ann}/transactions?startDate=20&endDate=10`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The start date must be before the end date');
  });
});
