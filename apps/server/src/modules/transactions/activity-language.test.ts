import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { insertCharge, insertDispute, insertPayout } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runDueWork } from '../billing/index.ts';

/**
 * GET /transactions in the customer's language (issue 42, ADR 74): the request's rule (the
 * account's choice, else the pria_lang cookie, else Accept-Language, else English). The plan
 * charge's description is said from the plan (its name as written, its price in dollars), the
 * stored English sentence kept as it is; staff read a client's activity in English.
 */
const clock = fixedClock('2031-03-10T15:00:00Z');
let t: TestApp;
let ann: Api;
let finance: Api;
let annId: string;

type Row = { type: string; description: string; transactionState: string; remarks: string | null };

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  ann = await signedInUser(t, 'activity-es@example.com');
  finance = await signedInUser(t, 'activity-finance@pria.example', ['admin']);
  const later = { month: 12, year: 2040 };
  const card = (await addCard(ann, testCards.visa, '123', later)).body.data.id as string;
  expect((await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
  annId = (await ann.get('/api/v1/customers/me')).body.data.id as string;
  // January's $3 was paid back after three tries; February's was disputed with the bank.
  const jan = await insertCharge(t.db, {
    customerId: annId,
    cardId: card,
    period: '2031-01',
    createdAt: new Date('2031-01-28T21:00:00Z'),
  });
  await insertPayout(t.db, jan, {
    status: 'failed',
    tries: 3,
    lastError: 'issuer unavailable',
    createdAt: new Date('2031-02-02T21:00:00Z'),
  });
  const feb = await insertCharge(t.db, {
    customerId: annId,
    cardId: card,
    period: '2031-02',
    createdAt: new Date('2031-02-28T21:00:00Z'),
  });
  await insertDispute(t.db, feb, { status: 'open' });
}, 60_000);
afterAll(() => t?.stop());

const activity = async (api: Api, path: string, headers: Record<string, string> = {}) => {
  const res = await api.request('GET', path, undefined, headers);
  expect(res.status).toBe(200);
  return { rows: res.body.data.rows as Row[], vary: res.headers.get('vary') };
};
const words = (rows: Row[]) => rows.map((r) => [r.type, r.description, r.transactionState, r.remarks]);

const english = [
  ['charge', 'Semi-Annual plan, $36.00 + tax', 'Charged', null],
  ['charge', 'Monthly credit-building charge', 'Disputed', 'You disputed this charge with your bank'],
  ['payment', 'Charge & Pay payment to your card', 'Retrying', 'Pay-back delayed, we are retrying'],
  ['charge', 'Monthly credit-building charge', 'Charged', null],
];
const spanish = [
  ['charge', 'Plan Semestral, $36.00 más impuestos', 'Cobrado', null],
  ['charge', 'Cargo y Abono mensual', 'En disputa', 'Usted disputó este cargo con su banco'],
  [
    'payment',
    'Abono de Cargo y Abono a su tarjeta',
    'Reintentando',
    'Abono demorado; lo estamos reintentando',
  ],
  ['charge', 'Cargo y Abono mensual', 'Cobrado', null],
];

describe("the customer's activity in their language", () => {
  it('is English by default, word for word as stored and as it always read', async () => {
    const { rows, vary } = await activity(ann, '/api/v1/transactions');
    expect(words(rows)).toEqual(english);
    expect(vary).toMatch(/Accept-Language.*Cookie/);
  });

  it('is Spanish for a Spanish browser or the pria_lang cookie, the stored description unchanged', async () => {
    expect(
      words((await activity(ann, '/api/v1/transactions', { 'accept-language': 'es-US,es;q=0.9' })).rows),
    ).toEqual(spanish);
    expect(words((await activity(ann, '/api/v1/transactions', { cookie: 'pria_lang=es' })).rows)).toEqual(
      spanish,
    );
    const stored = await sql<{ description: string }>`
      select description from payment_attempts where customer_id = ${annId} and kind = 'subscription'`.execute(
      t.db,
    );
    expect(stored.rows).toEqual([{ description: 'Semi-Annual plan, $36.00 + tax' }]);
  });

  it("follows the account's choice over the cookie and the browser; staff read it in English", async () => {
    expect((await ann.put('/api/v1/customers/me/language', { language: 'es' })).status).toBe(200);
    const asked = { cookie: 'pria_lang=en', 'accept-language': 'en-US' };
    expect(words((await activity(ann, '/api/v1/transactions', asked)).rows)).toEqual(spanish);

    const staff = await activity(finance, `/api/v1/customers/${annId}/transactions`, {
      'accept-language': 'es-US,es;q=0.9',
      cookie: 'pria_lang=es',
    });
    expect(words(staff.rows)).toEqual([
      ['charge', 'Semi-Annual plan, $36.00 + tax', 'Charged', null],
      [
        'charge',
        'Monthly credit-building charge',
        'Disputed',
        'The customer disputed this charge with their bank',
      ],
      [
        'payment',
        "Charge & Pay pay-back to the customer's card",
        'Retrying',
        'Pay-back delayed; the engine is retrying',
      ],
      ['charge', 'Monthly credit-building charge', 'Charged', null],
    ]);
    await ann.put('/api/v1/customers/me/language', { language: 'en' });
    expect(words((await activity(ann, '/api/v1/transactions', { cookie: 'pria_lang=es' })).rows)).toEqual(
      english,
    );
  });

  it('says a renewal as a renewal of the plan, the stored English kept for English', async () => {
    // September 10th: the six months are up and the billing run renews the plan.
    const renewedAt = new Date('2031-09-10T21:00:00Z');
    clock.set(renewedAt);
    await runDueWork(t.billing, renewedAt);
    const path = `/api/v1/transactions?limit=100&startDate=${new Date('2031-09-09T00:00:00Z').getTime()}`;
    const planCharges = async (headers: Record<string, string>) =>
      words((await activity(ann, path, headers)).rows).filter(([, d]) =>
        /Semi-Annual|semestral/.test(String(d)),
      );
    expect(await planCharges({})).toEqual([['charge', 'Semi-Annual plan renewal', 'Charged', null]]);
    await ann.put('/api/v1/customers/me/language', { language: 'es' });
    expect(await planCharges({})).toEqual([['charge', 'Renovación del plan semestral', 'Cobrado', null]]);
  });
});
