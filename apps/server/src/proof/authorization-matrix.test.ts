import { randomUUID } from 'node:crypto';
import { allPermissions, firstBillingPeriod, type Permission, rolePermissions } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/harness.ts';
import {
  type Caller,
  type CallResult,
  type CapturedRoute,
  type CustomerIds,
  call,
  customerWithData,
  newCardBody,
  routeKey,
  signIn,
  startAppWithRouteTable,
} from './fixtures.ts';

/**
 * The authorization matrix, generated from the server's route table: every /api/v1 route the
 * app registered is called anonymously, by a customer on another customer's data, by the owner,
 * by staff whose role carries no permission, by each staff role (support, finance: allowed
 * exactly the permission routes their role grants, 403 on the others) and by a full admin, and
 * each answer is checked against the route's declared access rule.
 */

interface Req {
  path: string;
  query?: string;
  body?: unknown;
}

interface RouteCase {
  /** The call on one customer's data: A's for the owner, B's for the cross-customer call. */
  request: (ids: CustomerIds) => Req;
  /** The owner's call is valid and must succeed (otherwise any answer but 401/403/5xx). */
  ownOk?: boolean;
  /** The full admin's call is valid and must succeed (permission routes; or user routes on B's data). */
  adminOk?: boolean;
  /**
   * The route's answer is always scoped to the caller, so another customer's id in a filter may
   * answer 2xx, but with none of their data (checked).
   */
  crossAnswersOwnData?: boolean;
  /** The call ends the caller's sessions and tokens (issue 30): run after every other route. */
  endsSessions?: boolean;
  /** A user route refused (403) to every staff role by design (issue 30). */
  staffRefused?: boolean;
}

const profile = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '2125550100',
  address: { address1: '1 Main St', locality: 'New York', administrativeArea: 'NY', postalCode: '10001' },
};
const cardUpdate = {
  expirationMonth: 11,
  expirationYear: new Date().getFullYear() + 3,
  address: { address1: '2 Main St', locality: 'New York', administrativeArea: 'NY', postalCode: '10001' },
};
let newCard: unknown;
const runId = randomUUID();

/** Every /api/v1 route, by "METHOD url" as the server registers it. */
const table: Record<string, RouteCase> = {
  // customers
  'GET /api/v1/customers/:id': {
    request: (i) => ({ path: `/customers/${i.customerId}` }),
    ownOk: true,
    adminOk: true,
  },
  'PUT /api/v1/customers/:id': {
    request: (i) => ({ path: `/customers/${i.customerId}`, body: profile }),
    ownOk: true,
  },
  'PUT /api/v1/customers/:id/language': {
    request: (i) => ({ path: `/customers/${i.customerId}/language`, body: { language: 'es' } }),
    ownOk: true,
  },
  'PUT /api/v1/setting/onboarding-index': {
    request: () => ({ path: '/setting/onboarding-index', query: 'index=1' }),
    ownOk: true,
  },
  // support
  'POST /api/v1/support/contact-us': {
    request: () => ({
      path: '/support/contact-us',
      body: { email: 'someone@example.com', type: 'General', message: 'Hello' },
    }),
    ownOk: true,
  },
  'POST /api/v1/support': {
    request: () => ({ path: '/support', body: { type: 'General', message: 'Hello' } }),
    ownOk: true,
  },
  'POST /api/v1/support/feedback': {
    request: () => ({ path: '/support/feedback', body: { star: 5, message: 'Great' } }),
    ownOk: true,
  },
  // cards (A has two cards: POST /cards takes the third slot, POST /cards/ then meets the limit)
  // A staff account holds no cards or plan of its own (issue 29): 403 to every staff role.
  'POST /api/v1/cards': {
    request: () => ({ path: '/cards', body: newCard }),
    ownOk: true,
    staffRefused: true,
  },
  'POST /api/v1/cards/': { request: () => ({ path: '/cards/', body: newCard }), staffRefused: true },
  'GET /api/v1/cards': { request: () => ({ path: '/cards' }), ownOk: true },
  'GET /api/v1/cards/public-key': { request: () => ({ path: '/cards/public-key' }), ownOk: true },
  // The simulator takes encrypted cards: 404 for everyone signed in (200 with CyberSource).
  'GET /api/v1/cards/capture-context': { request: () => ({ path: '/cards/capture-context' }) },
  'GET /api/v1/cards/user/:userId': {
    request: (i) => ({ path: `/cards/user/${i.customerId}` }),
    adminOk: true,
  },
  'PUT /api/v1/cards/:cardId': {
    request: (i) => ({ path: `/cards/${i.cardId}`, body: cardUpdate }),
    ownOk: true,
  },
  'DELETE /api/v1/cards/:cardId': { request: (i) => ({ path: `/cards/${i.spareCardId}` }), ownOk: true },
  // geography, plans
  'GET /api/v1/administrative-areas': { request: () => ({ path: '/administrative-areas' }), ownOk: true },
  'GET /api/v1/administrative-areas/:code/postal-code': {
    request: () => ({ path: '/administrative-areas/NY/postal-code' }),
    ownOk: true,
  },
  'GET /api/v1/postal-codes/:postalCode': { request: () => ({ path: '/postal-codes/10001' }), ownOk: true },
  'GET /api/v1/plans': { request: () => ({ path: '/plans' }), ownOk: true },
  // staff on a client's plan (issue 40)
  'GET /api/v1/customers/:id/upcoming': {
    request: (i) => ({ path: `/customers/${i.customerId}/upcoming` }),
    adminOk: true,
  },
  'POST /api/v1/customers/:id/subscription/pause': {
    request: (i) => ({
      path: `/customers/${i.customerId}/subscription/pause`,
      body: { subscriptionId: i.subscriptionId },
    }),
  },
  'POST /api/v1/customers/:id/subscription/resume': {
    request: (i) => ({
      path: `/customers/${i.customerId}/subscription/resume`,
      body: { subscriptionId: i.subscriptionId },
    }),
  },
  'POST /api/v1/customers/:id/subscription/cancel': {
    request: (i) => ({
      path: `/customers/${i.customerId}/subscription/cancel`,
      body: { subscriptionId: i.subscriptionId },
    }),
  },
  // subscriptions (A is already subscribed: checkout again is refused, with A's or B's card)
  'POST /api/v1/subscriptions': {
    request: (i) => ({ path: '/subscriptions', body: { plan: 'semi-annual', card: i.cardId } }),
    staffRefused: true,
  },
  'GET /api/v1/subscriptions/me': { request: () => ({ path: '/subscriptions/me' }), ownOk: true },
  // The caller's own charge waiting for the bank, checked now (A has none: only read).
  'POST /api/v1/subscriptions/me/verification': {
    request: () => ({ path: '/subscriptions/me/verification' }),
    ownOk: true,
  },
  'PUT /api/v1/subscriptions/:id': {
    request: (i) => ({ path: `/subscriptions/${i.subscriptionId}`, body: { isEnabled: true } }),
    ownOk: true,
  },
  'GET /api/v1/subscriptions/me/upcoming': {
    request: () => ({ path: '/subscriptions/me/upcoming' }),
    ownOk: true,
  },
  // Cancel online, then keep it: the owner's own subscription; anyone else's is not found.
  'POST /api/v1/subscriptions/:id/cancel': {
    request: (i) => ({ path: `/subscriptions/${i.subscriptionId}/cancel` }),
    ownOk: true,
  },
  'POST /api/v1/subscriptions/:id/keep': {
    request: (i) => ({ path: `/subscriptions/${i.subscriptionId}/keep` }),
    ownOk: true,
  },
  // documents: the caller's own receipts; a statement is always the caller's own year
  'GET /api/v1/receipts/:id': { request: (i) => ({ path: `/receipts/${i.receiptId}` }), ownOk: true },
  'GET /api/v1/statements/:year': {
    request: () => ({ path: '/statements/2026', query: 'format=csv' }),
    ownOk: true,
  },
  // the caller's activity, filtered by card
  'GET /api/v1/transactions': {
    request: (i) => ({ path: '/transactions', query: `cardId=${i.cardId}` }),
    ownOk: true,
    crossAnswersOwnData: true,
  },
  // billing (staff)
  'POST /api/v1/payin-payout/payin': {
    request: () => ({ path: '/payin-payout/payin', query: `period=${firstBillingPeriod}` }),
    adminOk: true,
  },
  'POST /api/v1/payin-payout/payout': {
    request: () => ({ path: '/payin-payout/payout', query: `period=${firstBillingPeriod}` }),
    adminOk: true,
  },
  'POST /api/v1/subscriptions/authorize-and-capture-payments': {
    request: () => ({ path: '/subscriptions/authorize-and-capture-payments' }),
    adminOk: true,
  },
  // what forcing would do (issue 40): the forcing route's permission, nothing sent
  'GET /api/v1/payin-payout/payin/preview': {
    request: () => ({ path: '/payin-payout/payin/preview', query: `period=${firstBillingPeriod}` }),
    adminOk: true,
  },
  // A 409 when no pay-in ran for the month yet: allowed, but not asked to succeed.
  'GET /api/v1/payin-payout/payout/preview': {
    request: () => ({ path: '/payin-payout/payout/preview', query: `period=${firstBillingPeriod}` }),
  },
  'GET /api/v1/subscriptions/authorize-and-capture-payments/preview': {
    request: () => ({ path: '/subscriptions/authorize-and-capture-payments/preview' }),
    adminOk: true,
  },
  // an unknown run: 404 for the admin (never 401/403)
  'GET /api/v1/billing/runs/:id': { request: () => ({ path: `/billing/runs/${runId}` }) },
  'GET /api/v1/billing/reconciliation': {
    request: () => ({ path: '/billing/reconciliation' }),
    adminOk: true,
  },
  'GET /api/v1/billing/runs': { request: () => ({ path: '/billing/runs' }), adminOk: true },
  'GET /api/v1/billing/payouts/attention': {
    request: () => ({ path: '/billing/payouts/attention' }),
    adminOk: true,
  },
  // Unknown pay-backs: 404 for the admin (never 401/403); nothing changes.
  'POST /api/v1/billing/payouts/:id/send-to-card': {
    request: (i) => ({ path: `/billing/payouts/${runId}/send-to-card`, body: { cardId: i.cardId } }),
  },
  'POST /api/v1/billing/payouts/:id/retry': { request: () => ({ path: `/billing/payouts/${runId}/retry` }) },
  // account
  'GET /api/v1/mfa': { request: () => ({ path: '/mfa' }), ownOk: true },
  'POST /api/v1/mfa': { request: () => ({ path: '/mfa', query: 'status=true' }), ownOk: true },
  'GET /api/v1/mfa/recovery-codes': { request: () => ({ path: '/mfa/recovery-codes' }), ownOk: true },
  // Two-factor authentication is off for the callers: a valid call answers 400, never 401/403/5xx.
  'POST /api/v1/mfa/recovery-codes': { request: () => ({ path: '/mfa/recovery-codes' }) },
  // Passkeys (the caller's own; unknown ids 404, a bad ceremony response 400).
  'GET /api/v1/account/passkeys': { request: () => ({ path: '/account/passkeys' }), ownOk: true },
  'POST /api/v1/account/passkeys/options': {
    request: () => ({ path: '/account/passkeys/options' }),
    ownOk: true,
  },
  'POST /api/v1/account/passkeys': {
    request: () => ({ path: '/account/passkeys', body: { name: 'x', response: {} } }),
  },
  'PATCH /api/v1/account/passkeys/:id': {
    request: () => ({ path: `/account/passkeys/${runId}`, body: { name: 'Renamed' } }),
  },
  'DELETE /api/v1/account/passkeys/:id': { request: () => ({ path: `/account/passkeys/${runId}` }) },
  'GET /api/v1/account/session': { request: () => ({ path: '/account/session' }), ownOk: true },
  // The caller's own devices; a session that is not the caller's is not found (nothing signed out).
  'GET /api/v1/account/sessions': { request: () => ({ path: '/account/sessions' }), ownOk: true },
  'DELETE /api/v1/account/sessions/:id': { request: () => ({ path: `/account/sessions/${runId}` }) },
  // Every caller's tokens end when it succeeds: last of all.
  'POST /api/v1/account/sign-out-everywhere': {
    request: () => ({ path: '/account/sign-out-everywhere' }),
    ownOk: true,
    endsSessions: true,
  },
  // A too-short password: 400 (a real change would sign the caller out everywhere).
  'PUT /api/v1/customers/change-password': {
    request: () => ({ path: '/customers/change-password', body: { password: 'short' } }),
  },
  // Already verified: refused with a 4xx.
  'POST /api/v1/customers/verify-email': { request: () => ({ path: '/customers/verify-email' }) },
  'POST /api/v1/customers/verify-email/': { request: () => ({ path: '/customers/verify-email/' }) },
  'GET /api/v1/customers/notification': { request: () => ({ path: '/customers/notification' }), ownOk: true },
  'POST /api/v1/customers/notification': {
    request: () => ({ path: '/customers/notification', body: { forEmail: ['payin'], forSms: [] } }),
    ownOk: true,
  },
  // issue 32: progress, push devices, data requests and consents (the caller's own).
  'GET /api/v1/progress': { request: () => ({ path: '/progress' }), ownOk: true },
  'GET /api/v1/account/push': { request: () => ({ path: '/account/push' }), ownOk: true },
  // An endpoint that is no push service: 400, nothing stored.
  'POST /api/v1/account/push/devices': {
    request: () => ({
      path: '/account/push/devices',
      body: {
        endpoint: 'https://evil.example/push/1',
        keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      },
    }),
  },
  'DELETE /api/v1/account/push/devices/:id': { request: () => ({ path: `/account/push/devices/${runId}` }) },
  'POST /api/v1/account/push/devices/:id/test': {
    request: () => ({ path: `/account/push/devices/${runId}/test` }),
  },
  'GET /api/v1/account/data-exports': { request: () => ({ path: '/account/data-exports' }), ownOk: true },
  'POST /api/v1/account/data-exports': { request: () => ({ path: '/account/data-exports' }) },
  // A token nobody was given: 404.
  'GET /api/v1/account/data-exports/download': {
    request: () => ({ path: '/account/data-exports/download', query: `token=${'x'.repeat(43)}` }),
  },
  'GET /api/v1/account/consents': { request: () => ({ path: '/account/consents' }), ownOk: true },
  // A version that is not the current one: 409, nothing recorded.
  'POST /api/v1/account/consents': {
    request: () => ({
      path: '/account/consents',
      body: { documents: [{ id: 'terms', version: '2000-01-01' }] },
    }),
  },
  'GET /api/v1/customers/:id/consents': {
    request: (i) => ({ path: `/customers/${i.customerId}/consents` }),
    adminOk: true,
  },
  // Without a code: sends one (or 409 while a pay-back is owed). Never deletes here.
  // Staff may not delete their identity here (issue 30): another admin disables them.
  'DELETE /api/v1/customers': { request: () => ({ path: '/customers' }), staffRefused: true },
  'DELETE /api/v1/customers/': { request: () => ({ path: '/customers/' }), staffRefused: true },
  // admin
  'GET /api/v1/customers': { request: () => ({ path: '/customers' }), adminOk: true },
  'GET /api/v1/customers/:id/transactions': {
    request: (i) => ({ path: `/customers/${i.customerId}/transactions` }),
    adminOk: true,
  },
  'GET /api/v1/admin/transactions': { request: () => ({ path: '/admin/transactions' }), adminOk: true },
  'PUT /api/v1/transactions': {
    request: (i) => ({ path: '/transactions', body: { ids: [i.chargeId], isVerified: true } }),
    adminOk: true,
  },
  'GET /api/v1/logs': { request: () => ({ path: '/logs' }), adminOk: true },
  'GET /api/v1/logs/:userId': { request: (i) => ({ path: `/logs/${i.customerId}` }), adminOk: true },
  'GET /api/v1/admin/metrics': { request: () => ({ path: '/admin/metrics' }), adminOk: true },
  // operations: exports (finance, admin), the audit trail and staff management (admin)
  'GET /api/v1/admin/exports/clients.csv': {
    request: () => ({ path: '/admin/exports/clients.csv' }),
    adminOk: true,
  },
  'GET /api/v1/admin/exports/transactions.csv': {
    request: () => ({ path: '/admin/exports/transactions.csv', query: 'status=success' }),
    adminOk: true,
  },
  'GET /api/v1/admin/exports/reconciliation.csv': {
    request: () => ({ path: '/admin/exports/reconciliation.csv', query: 'period=2026-01' }),
    adminOk: true,
  },
  'GET /api/v1/admin/audit': { request: () => ({ path: '/admin/audit' }), adminOk: true },
  'GET /api/v1/admin/staff': { request: () => ({ path: '/admin/staff' }), adminOk: true },
  // A bad role: 400 for the admin (nothing is created).
  'POST /api/v1/admin/staff/invitations': {
    request: () => ({ path: '/admin/staff/invitations', body: { email: 'new@pria.test', role: 'owner' } }),
  },
  // An unknown staff member: 404 for the admin.
  'PUT /api/v1/admin/staff/:id/role': {
    request: () => ({
      path: `/admin/staff/${encodeURIComponent(`auth|${runId}`)}/role`,
      body: { role: 'support' },
    }),
  },
  'PUT /api/v1/admin/staff/:id/disabled': {
    request: () => ({
      path: `/admin/staff/${encodeURIComponent(`auth|${runId}`)}/disabled`,
      body: { disabled: true },
    }),
  },
  // An unknown staff member: 404 for the admin (nothing is sent or revoked).
  'POST /api/v1/admin/staff/:id/invitation': {
    request: () => ({ path: `/admin/staff/${encodeURIComponent(`auth|${runId}`)}/invitation` }),
  },
  'DELETE /api/v1/admin/staff/:id/invitation': {
    request: () => ({ path: `/admin/staff/${encodeURIComponent(`auth|${runId}`)}/invitation` }),
  },
};

let t: TestApp;
let routes: CapturedRoute[];
let api: CapturedRoute[];
let a: Caller & { ids: CustomerIds };
let b: Caller & { ids: CustomerIds };
let intern: Caller;
let support: Caller;
let finance: Caller;
let admin: Caller;
/** Every call made, for the coverage summary. */
const made: { route: string; role: string; status: number }[] = [];

beforeAll(async () => {
  ({ t, routes } = await startAppWithRouteTable());
  api = routes.filter((r) => r.url.startsWith('/api/v1'));
  a = await customerWithData(t, 'ann@pria.test');
  b = await customerWithData(t, 'bob@pria.test');
  // A role Pria does not know: no permission at all.
  intern = await signIn(t, 'intern@pria.test', ['intern']);
  support = await signIn(t, 'support@pria.test', ['support']);
  finance = await signIn(t, 'finance@pria.test', ['finance']);
  admin = await signIn(t, 'admin@pria.test', ['admin']);
  newCard = await newCardBody(t.url, a);
}, 120_000);

afterAll(async () => {
  // Forced runs drain in the background: let them finish before the database goes away.
  for (let i = 0; t && i < 50; i++) {
    const open = await t.db
      .selectFrom('billing_runs')
      .select('id')
      .where('status', '=', 'running')
      .execute()
      .catch(() => []);
    if (open.length === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await t?.stop();
});

const is2xx = (s: number) => s >= 200 && s < 300;
const grants = (role: 'support' | 'finance', p: Permission) => rolePermissions[role].includes(p);

function idsOf(c: CustomerIds): string[] {
  return [c.customerId, c.cardId, c.spareCardId, c.subscriptionId, c.chargeId, c.receiptId, c.email];
}

/** Fills a route's params with random ids (permission routes the table does not list). */
function genericRequest(url: string): Req {
  return { path: url.replace('/api/v1', '').replace(/:[A-Za-z]+/g, () => randomUUID()) };
}

async function send(route: CapturedRoute, req: Req, token: string | undefined, role: string) {
  const path = `/api/v1${req.path}${req.query ? `?${req.query}` : ''}`;
  const res = await call(t.url, route.method, path, { token, body: req.body });
  made.push({ route: routeKey(route), role, status: res.status });
  return res;
}

function describeCall(route: CapturedRoute, role: string, res: CallResult) {
  return `${role}: ${routeKey(route)} -> ${res.status} ${res.text.slice(0, 300)}`;
}

/** Checks every answer shares: no 5xx, and errors carry the envelope with a message. */
function checkEnvelope(route: CapturedRoute, role: string, res: CallResult) {
  const what = describeCall(route, role, res);
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.body?.message, what).toBe('string');
    expect(res.body.message.length, what).toBeGreaterThan(0);
  }
}

function expectNoneOf(res: CallResult, ids: string[], what: string) {
  for (const id of ids) expect(res.text.includes(id), `${what} leaks ${id}`).toBe(false);
}

describe('the route table', () => {
  it('captures the API', () => {
    expect(api.length).toBeGreaterThan(30);
  });

  it('every /api/v1 route declares an access rule; permissions are real ones', () => {
    for (const r of api) {
      expect(r.access, routeKey(r)).toBeDefined();
      expect(['public', 'optional', 'user', 'permission'], routeKey(r)).toContain(r.access?.kind);
      if (r.access?.kind === 'permission') {
        expect(allPermissions as readonly string[], routeKey(r)).toContain(r.access.permission);
      }
    }
  });

  it('every route that is not staff-only is in the matrix table (a new route must be added)', () => {
    const uncovered = api.filter((r) => !table[routeKey(r)] && r.access?.kind !== 'permission');
    expect(uncovered.map(routeKey), 'routes missing from the authorization matrix table').toEqual([]);
  });

  it('the table names no route that does not exist', () => {
    const existing = new Set(api.map(routeKey));
    expect(Object.keys(table).filter((k) => !existing.has(k))).toEqual([]);
  });
});

describe('the authorization matrix', () => {
  it('answers every route as its access rule says, for every kind of caller', async () => {
    // Removals last, so the other routes still find the rows they act on; and after them the
    // routes that end the caller's tokens.
    const rank = (r: CapturedRoute) => (table[routeKey(r)]?.endsSessions ? 2 : Number(r.method === 'DELETE'));
    const ordered = [...api].sort((x, y) => rank(x) - rank(y));
    for (const route of ordered) {
      const rule = route.access;
      if (!rule) continue; // reported by the route-table test
      const entry = table[routeKey(route)];
      const request = entry?.request ?? (() => genericRequest(route.url));
      const own = request(a.ids);
      const other = request(b.ids);
      const scoped = JSON.stringify(own) !== JSON.stringify(other);

      // 1. anonymous
      const anon = await send(route, own, undefined, 'anonymous');
      checkEnvelope(route, 'anonymous', anon);
      if (rule.kind === 'public' || rule.kind === 'optional') {
        expect([401, 403], describeCall(route, 'anonymous', anon)).not.toContain(anon.status);
      } else {
        expect(anon.status, describeCall(route, 'anonymous', anon)).toBe(401);
      }

      // 2. staff whose role carries no permission, on A's data
      const none = await send(route, own, intern.token, 'intern');
      checkEnvelope(route, 'intern', none);
      if (rule.kind === 'permission') {
        expect(none.status, describeCall(route, 'intern', none)).toBe(403);
      } else if (scoped && !entry?.crossAnswersOwnData) {
        expect([403, 404], describeCall(route, 'intern on A', none)).toContain(none.status);
      } else {
        expect([401, 403], describeCall(route, 'intern', none)).not.toContain(none.status);
      }
      expectNoneOf(none, idsOf(a.ids), describeCall(route, 'intern on A', none));

      // 3. customer A on customer B's data
      if (scoped || rule.kind === 'permission') {
        const cross = await send(route, other, a.token, 'customer on other');
        checkEnvelope(route, 'customer on other', cross);
        const what = describeCall(route, 'A on B', cross);
        if (rule.kind === 'permission') expect(cross.status, what).toBe(403);
        else if (!entry?.crossAnswersOwnData) expect([403, 404], what).toContain(cross.status);
        expectNoneOf(cross, idsOf(b.ids), what);
      }

      // 4. full admin, on B's data
      const full = await send(route, other, admin.token, 'admin');
      checkEnvelope(route, 'admin', full);
      const adminWhat = describeCall(route, 'admin on B', full);
      if (entry?.staffRefused) expect(full.status, adminWhat).toBe(403);
      else if (rule.kind === 'permission' || !scoped)
        expect([401, 403], adminWhat).not.toContain(full.status);
      else expect(full.status, adminWhat).not.toBe(401);
      if (entry?.adminOk) expect(is2xx(full.status), adminWhat).toBe(true);

      // 4b. each staff role below admin: allowed exactly what its role grants (least privilege)
      if (rule.kind === 'permission') {
        for (const [role, caller] of [
          ['support', support],
          ['finance', finance],
        ] as const) {
          const res = await send(route, other, caller.token, role);
          checkEnvelope(route, role, res);
          const what = describeCall(route, role, res);
          if (grants(role, rule.permission)) expect([401, 403], what).not.toContain(res.status);
          else expect(res.status, what).toBe(403);
        }
      }

      // 5. customer A on their own data
      const mine = await send(route, own, a.token, 'owner');
      checkEnvelope(route, 'owner', mine);
      const mineWhat = describeCall(route, 'owner', mine);
      if (rule.kind === 'permission') {
        expect(mine.status, mineWhat).toBe(403);
      } else {
        expect([401, 403], mineWhat).not.toContain(mine.status);
        if (entry?.ownOk) expect(is2xx(mine.status), mineWhat).toBe(true);
      }
      expectNoneOf(mine, idsOf(b.ids), mineWhat);
    }
    if (process.env.PROOF_VERBOSE) {
      const rows = new Map<string, Record<string, number>>();
      for (const m of made) rows.set(m.route, { ...rows.get(m.route), [m.role]: m.status });
      console.table(Object.fromEntries(rows));
    }
    const byRole = new Map<string, number>();
    for (const m of made) byRole.set(m.role, (byRole.get(m.role) ?? 0) + 1);
    console.info(
      `authorization matrix: ${api.length} routes, ${made.length} calls`,
      Object.fromEntries(byRole),
    );
  }, 120_000);
});
