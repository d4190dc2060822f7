import { planName, planNames } from '@pria/contracts/i18n/plan-names';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';

/**
 * Plan names in the customer's language (issue 42, ADR 74): one catalog by plan id, held to the
 * plans table here, read by every customer-facing answer; staff read the stored English names.
 */
let t: TestApp;
let es: Api;
let admin: Api;
const spanish = { 'accept-language': 'es-US,es;q=0.9' };
beforeAll(async () => {
  t = await startTestApp();
  es = await signedInUser(t, 'lucia@example.com');
  admin = await signedInUser(t, 'admin@pria.test', ['admin']);
}, 90_000);
afterAll(() => t?.stop());

describe('the plan names catalog', () => {
  it('names every plan of the plans table in both languages, the English being the stored name', async () => {
    const plans = await t.db.selectFrom('plans').select(['id', 'name']).execute();
    expect(plans.length).toBeGreaterThan(0);
    for (const p of plans) {
      const en = planNames.en as Record<string, string>;
      const sp = planNames.es as Record<string, string>;
      expect(en[p.id], `${p.id} in English`).toBe(p.name);
      expect(en[`${p.id}.inSentence`], `${p.id} in an English sentence`).toBe(p.name);
      for (const id of [p.id, `${p.id}.inSentence`]) {
        expect(sp[id], `${id} in Spanish`).toBeTruthy();
        expect(sp[id], `${id} in Spanish`).not.toBe(p.name);
      }
    }
  });

  it('keeps the stored name of a plan it does not know', () => {
    expect(planName('quarterly', 'es', 'Quarterly')).toBe('Quarterly');
    expect(planName(null, 'es', 'Annual')).toBe('Annual');
    expect(planName('annual', 'es', 'Annual')).toBe('Anual');
    expect(planName('semi-annual', 'es', 'Semi-Annual', 'inSentence')).toBe('semestral');
  });
});

describe('a Spanish customer reads the plans in Spanish', () => {
  it('lists the plans with Spanish names and the same ids; English as before', async () => {
    const spanishPlans = await es.request('GET', '/api/v1/plans', undefined, spanish);
    expect(spanishPlans.headers.get('vary')).toMatch(/Accept-Language/);
    expect(spanishPlans.body.data.map((p: { id: string; name: string }) => [p.id, p.name])).toEqual([
      ['annual', 'Anual'],
      ['semi-annual', 'Semestral'],
    ]);
    const english = (await es.get('/api/v1/plans')).body.data;
    expect(english.map((p: { name: string }) => p.name)).toEqual(['Annual', 'Semi-Annual']);
  });

  it('names the subscription, the activity, the receipt in Spanish; staff read the client in English', async () => {
    const card = (await addCard(es, testCards.visa, '123', { month: 12, year: 2040 })).body.data.id;
    const paid = await es.request('POST', '/api/v1/subscriptions', { plan: 'annual', card }, spanish);
    expect(paid.status).toBe(200);
    expect(paid.body.data.subscription.plan).toMatchObject({ id: 'annual', name: 'Anual' });

    const own = await es.request('GET', '/api/v1/subscriptions/me', undefined, spanish);
    expect(own.body.data.plan).toMatchObject({ id: 'annual', name: 'Anual' });
    expect((await es.get('/api/v1/subscriptions/me')).body.data.plan.name).toBe('Annual');
    const record = await es.request('GET', '/api/v1/customers/me', undefined, spanish);
    expect(record.body.data.subscription.plan.name).toBe('Anual');
    expect(record.body.data.subscription.periodPlan).toEqual({ id: 'annual', name: 'Anual' });
    const upcoming = await es.request('GET', '/api/v1/subscriptions/me/upcoming', undefined, spanish);
    expect(upcoming.body.data.renewal.planName).toBe('Anual');

    const activity = await es.request('GET', '/api/v1/transactions?limit=50&startDate=0', undefined, spanish);
    const charge = (
      activity.body.data.rows as { amount: number; description: string; receipt: { id: string } | null }[]
    ).find((r) => r.receipt);
    expect(charge?.description).toBe('Plan Anual, $66.00 más impuestos');
    const english = (await es.get('/api/v1/transactions?limit=50&startDate=0')).body.data.rows;
    expect(english.map((r: { description: string }) => r.description)).toContain('Annual plan, $66.00 + tax');

    const pdf = await es.download(`/api/v1/receipts/${charge?.receipt?.id}`, spanish);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Plan Anual');
    expect(text).not.toContain('Annual');

    // Staff read the client's plan in English whatever their browser says.
    const clientId = record.body.data.id;
    const staffRecord = await admin.request('GET', `/api/v1/customers/${clientId}`, undefined, spanish);
    expect(staffRecord.status).toBe(200);
    expect(staffRecord.body.data.subscription.plan.name).toBe('Annual');
    const staffUpcoming = await admin.request(
      'GET',
      `/api/v1/customers/${clientId}/upcoming`,
      undefined,
      spanish,
    );
    expect(staffUpcoming.body.data.renewal.planName).toBe('Annual');
  });
});
