import { randomBytes } from 'node:crypto';
import { encryptCard } from '@pria/contracts';
import { createUser } from '../idp/index.ts';
import type { RouteAccess } from '../platform/http.ts';
import type { ServiceOptions } from '../services.ts';
import { apiClient } from '../test/api-client.ts';
import { addCard, testCards } from '../test/customers.ts';
import { insertCharge } from '../test/db-rows.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { oidcLogin } from '../test/oidc-login.ts';

/** One route as the server registered it (HEAD and OPTIONS left out). */
export interface CapturedRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** The route's zod schemas, when it declares them (the oracle for what input is valid). */
  body?: unknown;
  querystring?: unknown;
  /** The whole route schema (its responses, as completed from its access rule). */
  schema?: unknown;
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The app, with every route it registered, captured by the onRoute hook while it was built. */
export async function startAppWithRouteTable(
  env: Record<string, string> = {},
  opts: Omit<ServiceOptions, 'onRoute'> = {},
): Promise<{ t: TestApp; routes: CapturedRoute[] }> {
  const routes: CapturedRoute[] = [];
  const t = await startTestApp(env, {
    ...opts,
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
        routes.push({
          method,
          url: route.url,
          access: route.config?.access,
          body: schema?.body,
          querystring: schema?.querystring,
          schema,
        });
      }
    },
  });
  return { t, routes };
}

export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the envelope is read loosely
  body: any;
  text: string;
}

export interface CallOptions {
  token?: string;
  /** JSON-encoded unless `raw` is given. */
  body?: unknown;
  /** Sent as is, with `contentType`. */
  raw?: string;
  contentType?: string;
  /** A fresh client address per call, so per-IP rate limits do not hide the answer (needs TRUST_PROXY). */
  freshIp?: boolean;
}

const randomIp = () => `10.${randomBytes(3).join('.')}`;

/** Real HTTP with full control over body, content type and headers. */
export async function call(baseUrl: string, method: string, path: string, o: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.freshIp) headers['x-forwarded-for'] = randomIp();
  let body: string | undefined;
  if (o.raw !== undefined) {
    body = o.raw;
    if (o.contentType) headers['content-type'] = o.contentType;
  } else if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['content-type'] = o.contentType ?? 'application/json';
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text } as CallResult;
}

/** A signed-in caller; `relogin` gets a new access token. */
export interface Caller {
  email: string;
  token: string;
  relogin(): Promise<void>;
}

const PASSWORD = 'correct horse 1';

export async function signIn(t: TestApp, email: string, roles: string[]): Promise<Caller> {
  await createUser(t.db, { email, password: PASSWORD, roles, emailVerified: true });
  const caller: Caller = {
    email,
    token: '',
    async relogin() {
      caller.token = (await oidcLogin({ baseUrl: t.url, email, password: PASSWORD })).access_token;
    },
  };
  await caller.relogin();
  return caller;
}

/** A customer's own rows, for building paths, queries and bodies. */
export interface CustomerIds {
  email: string;
  customerId: string;
  /** Funds the subscription. */
  cardId: string;
  /** A second card, safe to remove. */
  spareCardId: string;
  subscriptionId: string;
  /** A captured $3 pay-in on the funding card (verifiable by staff). */
  chargeId: string;
  /** The checkout's captured plan charge: its receipt. */
  receiptId: string;
}

/** A customer with two cards registered and a subscription paid, all through the API. */
export async function customerWithData(t: TestApp, email: string): Promise<Caller & { ids: CustomerIds }> {
  const caller = await signIn(t, email, ['customer']);
  const api = apiClient(t.url, caller.token);
  const me = await api.get('/api/v1/customers/me');
  if (me.status !== 200) throw new Error(`GET /customers/me: ${JSON.stringify(me.body)}`);
  const first = await addCard(api, testCards.visa);
  const second = await addCard(api, testCards.mastercard);
  if (first.status !== 201 || second.status !== 201)
    throw new Error(`addCard: ${JSON.stringify(first.body)} ${JSON.stringify(second.body)}`);
  const sub = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: first.body.data.id });
  if (sub.status !== 200) throw new Error(`subscribe: ${sub.status} ${JSON.stringify(sub.body)}`);
  // The checkout's plan charge: captured, so it has a receipt.
  const receipt = await t.db
    .selectFrom('payment_attempts')
    .select('id')
    .where('customer_id', '=', me.body.data.id)
    .where('kind', '=', 'subscription')
    .executeTakeFirstOrThrow();
  const chargeId = await insertCharge(t.db, {
    customerId: me.body.data.id,
    cardId: first.body.data.id,
    period: '2026-01',
    createdAt: new Date(),
  });
  return Object.assign(caller, {
    ids: {
      email,
      customerId: me.body.data.id as string,
      cardId: first.body.data.id as string,
      spareCardId: second.body.data.id as string,
      subscriptionId: sub.body.data.subscription.id as string,
      chargeId,
      receiptId: receipt.id,
    },
  });
}

/**
 * A valid body for POST /cards (a test Visa, encrypted with the server's key) for `caller`: a
 * number none of the fixture's customers holds (one active registration per card number).
 */
export async function newCardBody(baseUrl: string, caller: Caller): Promise<Record<string, unknown>> {
  const jwk = (await call(baseUrl, 'GET', '/api/v1/cards/public-key', { token: caller.token })).body.data;
  return {
    number: await encryptCard({ number: '4242 4242 4242 4242', cvc: '123' }, jwk),
    expirationMonth: 12,
    expirationYear: new Date().getFullYear() + 2,
    brand: '001',
    isDefault: false,
    name: 'Ann Lee',
    address: { address1: '1 Main St', locality: 'New York', administrativeArea: 'NY', postalCode: '10001' },
  };
}
