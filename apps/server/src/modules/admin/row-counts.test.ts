import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedInUser } from '../../test/customers.ts';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { countedRows } from './row-counts.ts';

let t: TestApp;
let admin: Api;
const at = new Date(Date.UTC(2026, 0, 5, 21));

/** What the counters say next to what count(*) says. */
async function both() {
  const counters = await sql<{
    name: string;
    n: string;
  }>`select name, n from row_counts order by name`.execute(t.db);
  const exact = await sql<{ name: string; n: string }>`
    select 'cards:active' as name, count(*) filter (where removed_at is null) as n from cards
    union all select 'customers:active', count(*) filter (where deleted_at is null) from customers
    union all select 'customers:deleted', count(*) filter (where deleted_at is not null) from customers
    union all select 'payment_attempts:payin', count(*) filter (where kind = 'payin') from payment_attempts
    union all select 'payment_attempts:subscription', count(*) filter (where kind = 'subscription') from payment_attempts
    union all select 'payouts', count(*) from payouts
    order by name`.execute(t.db);
  return {
    counters: counters.rows.map((r) => [r.name, Number(r.n)]),
    exact: exact.rows.map((r) => [r.name, Number(r.n)]),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'admin@pria.test', ['admin']);
});
afterAll(async () => t?.stop());

describe('row counts kept by triggers (migrations 0012, 0026)', () => {
  it('follow inserts, set-based inserts, deletions of customers and restores', async () => {
    const ann = await insertCustomer(t.db, { email: 'ann@example.com' });
    await insertCustomer(t.db, { email: 'gone@example.com', deleted: true });
    const card = await insertCard(t.db, ann);
    // A removed card stops counting; a card removed twice is not counted off twice.
    const removed = await insertCard(t.db, ann, { slot: 2 });
    await sql`update cards set removed_at = now() where id = ${removed}`.execute(t.db);
    await sql`update cards set removed_at = now() where id = ${removed}`.execute(t.db);
    const jan = await insertCharge(t.db, { customerId: ann, cardId: card, period: '2026-01', createdAt: at });
    await insertCharge(t.db, {
      customerId: ann,
      cardId: card,
      kind: 'subscription',
      period: '2026-01-05',
      createdAt: at,
    });
    await insertPayout(t.db, jan, { createdAt: at });
    // 500 customers in one statement: one trigger call, 500 counted.
    await sql`insert into customers (issuer, subject, email)
      select 'seed', 'bulk-' || g, 'bulk' || g || '@example.com' from generate_series(1, 500) g`.execute(
      t.db,
    );
    // An ON CONFLICT DO NOTHING that inserts nothing counts nothing.
    await sql`insert into customers (issuer, subject, email)
      select 'seed', 'bulk-' || g, 'again' || g || '@example.com' from generate_series(1, 10) g
      on conflict do nothing`.execute(t.db);
    await sql`update customers set deleted_at = now() where email like 'bulk1%'`.execute(t.db);
    await sql`update customers set first_name = 'Renamed' where email like 'bulk2%'`.execute(t.db);
    await sql`update customers set deleted_at = null where email = 'bulk1@example.com'`.execute(t.db);

    const { counters, exact } = await both();
    expect(counters).toEqual(exact);
    expect(await countedRows(t.db, ['customers:active'])).toBe(
      Number(exact.find(([n]) => n === 'customers:active')?.[1]),
    );
  });

  it('a rolled-back insert leaves the counters as they were', async () => {
    const before = await countedRows(t.db, ['customers:active']);
    await t.db
      .transaction()
      .execute(async (tx) => {
        await insertCustomer(tx, { email: 'rolled-back@example.com' });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await countedRows(t.db, ['customers:active'])).toBe(before);
  });

  it('the admin lists report the same totals with and without the counters', async () => {
    const { exact } = await both();
    const of = (name: string) => Number(exact.find(([n]) => n === name)?.[1]);
    const all = await admin.get('/api/v1/admin/transactions');
    expect(all.status).toBe(200);
    expect(all.body.data.totalCount).toBe(
      of('payment_attempts:payin') + of('payment_attempts:subscription') + of('payouts'),
    );
    const payouts = await admin.get('/api/v1/admin/transactions?type=PAYOUT');
    expect(payouts.body.data.totalCount).toBe(of('payouts'));

    const clients = await admin.get('/api/v1/customers');
    // The signed-in admin is a customer too (created on first call), so it is counted.
    expect(clients.body.data.totalCount).toBe(of('customers:active'));
    const deleted = await admin.get(
      `/api/v1/customers?filter=${Buffer.from('{"deleted":true}').toString('base64')}`,
    );
    expect(deleted.body.data.totalCount).toBe(of('customers:deleted'));
    const metrics = await admin.get('/api/v1/admin/metrics');
    expect(metrics.body.data).toMatchObject({
      totalUsers: of('customers:active'),
      transactions: of('payment_attempts:payin') + of('payment_attempts:subscription') + of('payouts'),
    });
    // A search counts what matches (not a counter).
    const search = await admin.get('/api/v1/customers?search=bulk1');
    expect(search.body.data.totalCount).toBe(
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from customers where deleted_at is null and email like 'bulk1%'`.execute(
            t.db,
          )
        ).rows[0]?.n,
      ),
    );
  });
});
