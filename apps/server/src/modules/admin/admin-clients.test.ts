import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedInUser } from '../../test/customers.ts';
import { b64, insertCustomer } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: Api;
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'admin@pria.test', ['admin']);
  // The admin's own customer row exists from the first call; the clients are seeded directly.
  await admin.get('/api/v1/customers/me');
  await t.db
    .updateTable('customers')
    .set({ created_at: day(1) })
    .execute();
  for (let i = 0; i < 30; i++) {
    await insertCustomer(t.db, {
      email: `client${String(i).padStart(2, '0')}@example.com`,
      firstName: i % 3 === 0 ? 'Ann' : 'Bob',
      lastName: `Lee${i}`,
      phone: `20255501${String(i).padStart(2, '0')}`,
      createdAt: day(2 + i),
    });
  }
  await insertCustomer(t.db, {
    email: 'gone@example.com',
    firstName: 'Ann',
    deleted: true,
    createdAt: day(3),
  });
});
afterAll(async () => t?.stop());

const list = (query: string) => admin.get(`/api/v1/customers?${query}`);

describe('GET /customers (client list)', () => {
  it('pages by 10, newest id order by default, excludes deleted customers', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ currentPage: 1, rowsCount: 10, lastPage: 3, totalCount: 30 });
    const ids = res.body.data.rows.map((r: { id: string }) => r.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(res.body.data.rows.some((r: { email: string }) => r.email === 'gone@example.com')).toBe(false);
    const page3 = await list('page=3');
    expect(page3.body.data).toMatchObject({ currentPage: 3, rowsCount: 10 });
  });

  it('leaves staff out of the clients and of TOTAL USERS, whatever the filter (issue 29)', async () => {
    // The admin has a customers row (their first call made it) but is not a client.
    const row = await t.db
      .selectFrom('customers')
      .select('is_staff')
      .where('email', '=', 'admin@pria.test')
      .executeTakeFirstOrThrow();
    expect(row.is_staff).toBe(true);
    for (const query of [
      '',
      'search=admin',
      `filter=${b64({ email: 'admin' })}`,
      `filter=${b64({ deleted: 'any' })}`,
    ]) {
      const res = await list(query);
      expect(
        res.body.data.rows.some((r: { email: string }) => r.email === 'admin@pria.test'),
        query,
      ).toBe(false);
    }
    expect((await list(`filter=${b64({ deleted: 'any' })}`)).body.data.totalCount).toBe(31);
    const metrics = await admin.get('/api/v1/admin/metrics');
    expect(metrics.body.data.totalUsers).toBe(30);
  });

  it('sorts by any allowed column, order in any case', async () => {
    const asc = await list('sort=createdAt&order=ASC&limit=25');
    expect(asc.body.data.rows[0].email).toBe('client00@example.com');
    expect(asc.body.data.rowsCount).toBe(25);
    const byEmail = await list('sort=email&order=desc');
    expect(byEmail.body.data.rows[0].email).toBe('client29@example.com');
    const byPhone = await list('sort=phone&order=asc');
    expect(byPhone.body.data.rows[0].phone).toBe('2025550100');
  });

  it('searches email, names and phone (punctuation ignored)', async () => {
    expect((await list('search=%20ann%20')).body.data.totalCount).toBe(10);
    expect((await list('search=lee2')).body.data.totalCount).toBe(11); // Lee2, Lee20..Lee29
    expect((await list('search=client07')).body.data.rows[0].lastName).toBe('Lee7');
    const phone = await list(`search=${encodeURIComponent('(202) 555-0112')}`);
    expect(phone.body.data.rows.map((r: { lastName: string }) => r.lastName)).toEqual(['Lee12']);
    expect((await list('search=50%25')).body.data.totalCount).toBe(0);
  });

  it('filters by base64 JSON columns; numeric fields keep digits only', async () => {
    const f = await list(`filter=${b64({ firstName: 'ann', phone: '(202) 555-010' })}`);
    expect(f.body.data.rows.map((r: { lastName: string }) => r.lastName).sort()).toEqual([
      'Lee0',
      'Lee3',
      'Lee6',
      'Lee9',
    ]);
    const urlSafe = Buffer.from(JSON.stringify({ email: 'client1' })).toString('base64url');
    expect((await list(`filter=${urlSafe}`)).body.data.totalCount).toBe(10);
    const deleted = await list(`filter=${b64({ deleted: true })}`);
    expect(deleted.body.data.rows.map((r: { email: string }) => r.email)).toEqual(['gone@example.com']);
    expect((await list(`filter=${b64({ deleted: 'any', firstName: 'Ann' })}`)).body.data.totalCount).toBe(11);
  });

  it('shows each client’s subscription state and filters by it (issue 16 §6)', async () => {
    const plan = await t.db.selectFrom('plans').select('id').executeTakeFirstOrThrow();
    const idOf = async (email: string) =>
      (await t.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow())
        .id;
    const states: [string, { status: string; paused?: boolean; cancelled_at?: Date }][] = [
      ['client10@example.com', { status: 'active' }],
      ['client11@example.com', { status: 'active', paused: true }],
      ['client12@example.com', { status: 'active', cancelled_at: day(20) }],
      ['client13@example.com', { status: 'inactive' }],
      ['client14@example.com', { status: 'pending_verification' }],
    ];
    for (const [email, sub] of states) {
      const row = await t.db
        .insertInto('subscriptions')
        .values({
          customer_id: await idOf(email),
          plan_id: plan.id,
          status: sub.status as never,
          cancelled_at: sub.cancelled_at ?? null,
          expires_at: new Date('2099-01-01T00:00:00Z'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Paused is the pause rows' (ADR 18): an open pause.
      if (sub.paused)
        await t.db
          .insertInto('subscription_pauses')
          .values({ subscription_id: row.id, paused_at: day(20), paused_by: email })
          .execute();
    }
    const stateOf = async (email: string) =>
      (await list(`filter=${b64({ email })}`)).body.data.rows[0].subscription?.state ?? 'none';
    expect(await stateOf('client10')).toBe('active');
    expect(await stateOf('client11')).toBe('paused');
    expect(await stateOf('client12')).toBe('cancelled');
    expect(await stateOf('client13')).toBe('inactive');
    expect(await stateOf('client14')).toBe('pending_verification');
    for (const [email, state] of [
      ['client11@example.com', 'paused'],
      ['client12@example.com', 'cancelled'],
      ['client13@example.com', 'inactive'],
    ]) {
      const page = await list(`filter=${b64({ subscription: state })}`);
      expect(page.body.data.rows.map((r: { email: string }) => r.email)).toEqual([email]);
      expect(page.body.data.totalCount).toBe(1);
    }
    // No subscription: the 25 other clients (the admin is staff, not a client).
    expect((await list(`filter=${b64({ subscription: 'none' })}`)).body.data.totalCount).toBe(25);
    const bad = await list(`filter=${b64({ subscription: 'frozen' })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid filter');
  });

  it('answers the row shape the client detail page reads', async () => {
    const row = (await list(`filter=${b64({ email: 'client05' })}`)).body.data.rows[0];
    expect(row).toMatchObject({
      email: 'client05@example.com',
      firstName: 'Bob',
      lastName: 'Lee5',
      onBoardingIndex: 0,
      address: { country: 'US' },
      subscription: null,
      deletedAt: null,
    });
    expect(typeof row.createdAt).toBe('string');
  });

  it('refuses bad queries with 400 and a clear message', async () => {
    const cases: [string, string][] = [
      ['filter=%%%not-base64', 'Invalid filter'],
      [`filter=${Buffer.from('not json').toString('base64')}`, 'Invalid filter'],
      [`filter=${b64([1, 2])}`, 'Invalid filter'],
      [`filter=${b64({ password: 'x' })}`, 'Invalid filter'],
      ['limit=20', 'limit must be 10, 25 or 50'],
      ['limit=ten', 'limit must be 10, 25 or 50'],
      ['sort=password', 'sort must be one of id, createdAt, email, firstName, lastName, phone'],
      ['order=sideways', 'order must be asc or desc'],
      ['page=0', 'page must be a whole number from 1'],
      [`search=${'x'.repeat(101)}`, 'search is at most 100 characters'],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
  });
});
