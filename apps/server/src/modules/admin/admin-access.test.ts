import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../test/api-client.ts';
import { type Api, signedInUser } from '../../test/customers.ts';
import { insertCard, insertCharge, insertCustomer } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** Every admin endpoint: 401 without a token, 403 for a customer and for staff lacking the permission. */
let t: TestApp;
let admin: Api;
let customer: Api;
let staffWithoutPermissions: Api;
let clientId: string;
let chargeId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'admin@pria.test', ['admin']);
  customer = await signedInUser(t, 'ann@pria.test');
  // A role Pria does not know carries no permission.
  staffWithoutPermissions = await signedInUser(t, 'intern@pria.test', ['intern']);
  clientId = await insertCustomer(t.db, { email: 'client@example.com' });
  const card = await insertCard(t.db, clientId);
  chargeId = await insertCharge(t.db, {
    customerId: clientId,
    cardId: card,
    period: '2026-01',
    createdAt: new Date(),
  });
});
afterAll(async () => t?.stop());

const calls = () =>
  [
    ['GET', '/api/v1/customers'],
    ['GET', `/api/v1/customers/${clientId}/transactions`],
    ['GET', '/api/v1/admin/transactions'],
    ['GET', '/api/v1/logs'],
    ['GET', `/api/v1/logs/${clientId}`],
    ['GET', '/api/v1/admin/metrics'],
    // Last: it changes the row (the admin's call verifies it).
    ['PUT', '/api/v1/transactions'],
  ] as const;

const call = (api: Api, method: 'GET' | 'PUT', path: string) =>
  method === 'GET' ? api.get(path) : api.put(path, { ids: [chargeId], isVerified: true });

describe('admin endpoints require their permission', () => {
  it('401 without a token', async () => {
    for (const [method, path] of calls()) {
      expect((await call(apiClient(t.url), method, path)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('403 for a customer', async () => {
    for (const [method, path] of calls()) {
      expect((await call(customer, method, path)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('403 for staff whose role carries no permissions', async () => {
    for (const [method, path] of calls()) {
      expect((await call(staffWithoutPermissions, method, path)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('200 for an admin, in the envelope', async () => {
    for (const [method, path] of calls()) {
      const res = await call(admin, method, path);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body).toMatchObject({ httpCode: 200, error: [] });
    }
  });

  it('metrics count what exists', async () => {
    const res = await admin.get('/api/v1/admin/metrics');
    expect(res.body.data).toMatchObject({ cards: 1, transactions: 1 });
    // The admin, the customer, the intern (created on their first calls) and the client.
    expect(res.body.data.totalUsers).toBeGreaterThanOrEqual(1);
    expect(res.body.data.months).toHaveLength(12);
    expect(res.body.data.months.at(-1).chargedCents).toBe(300);
    expect(res.body.data.reconciliation[0]).toMatchObject({
      period: '2026-01',
      charged: { count: 1, cents: 300 },
    });
    expect(res.body.data.money).toBe(true);
  });
});

describe('who sees the books (ADR 14, issue 30)', () => {
  it('support: the home gives counts and active subscriptions, no money; reconciliation is 403', async () => {
    const support = await signedInUser(t, 'sue@pria.test', ['support']);
    const res = await support.get('/api/v1/admin/metrics');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cards: 1, transactions: 1, money: false, reconciliation: [] });
    expect(res.body.data.attention).toBeUndefined();
    expect(res.body.data.months).toHaveLength(12);
    for (const m of res.body.data.months)
      expect(Object.keys(m).sort()).toEqual(['activeSubscriptions', 'month']);
    expect(JSON.stringify(res.body.data)).not.toContain('Cents');
    expect((await support.get('/api/v1/billing/reconciliation')).status).toBe(403);
  });

  it('finance: the money on the home as in GET /billing/reconciliation', async () => {
    const finance = await signedInUser(t, 'fin@pria.test', ['finance']);
    const home = await finance.get('/api/v1/admin/metrics');
    expect(home.body.data.money).toBe(true);
    expect(home.body.data.attention).toBeDefined();
    const books = await finance.get('/api/v1/billing/reconciliation?period=2026-01');
    expect(books.status).toBe(200);
    expect(home.body.data.reconciliation.find((r: { period: string }) => r.period === '2026-01')).toEqual(
      books.body.data[0],
    );
  });
});
