import { currentLegalVersion } from '@pria/contracts/legal/documents';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../test/api-client.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

/**
 * Consent records: the versions accepted at sign-up, at checkout and for each card, with time and
 * address; append-only; new versions asked for; shown to staff.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const terms = currentLegalVersion('terms').version;
const privacy = currentLegalVersion('privacy').version;
const recurring = currentLegalVersion('recurring').version;

describe('consent records', () => {
  let ann: Api;
  let annId: string;

  it('records the terms and privacy policy accepted on the sign-up page, with the address', async () => {
    const tokens = await oidcLogin({
      baseUrl: t.url,
      email: 'consent-ann@pria.test',
      password: 'a-strong-passphrase-1',
      signUp: true,
    });
    ann = apiClient(t.url, tokens.access_token);
    annId = (await ann.get('/api/v1/customers/me')).body.data.id;
    const view = (await ann.get('/api/v1/account/consents')).body.data;
    expect(
      view.records
        .map((r: { document: string; version: string; context: string }) => [
          r.document,
          r.version,
          r.context,
        ])
        .sort(),
    ).toEqual([
      ['privacy', privacy, 'sign-up'],
      ['terms', terms, 'sign-up'],
    ]);
    expect(view.records[0].ip).toMatch(/127\.0\.0\.1/);
    // Nothing waits: no card or plan yet, so the recurring-charge authorization does not apply.
    expect(view.documents.map((d: { id: string; pending: boolean }) => [d.id, d.pending])).toEqual([
      ['terms', false],
      ['privacy', false],
      ['recurring', false],
    ]);
  });

  it('records the recurring-charge authorization with each card, and all three at checkout', async () => {
    const card = (await addCard(ann, testCards.visa)).body.data.id as string;
    expect((await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
    const { records } = (await ann.get('/api/v1/account/consents')).body.data;
    const latest = records
      .slice(0, 4)
      .map((r: { document: string; context: string; card: string | null }) => [
        r.document,
        r.context,
        r.card,
      ]);
    expect(latest).toEqual(
      expect.arrayContaining([
        ['recurring', 'card', 'Visa •••• 1111'],
        ['terms', 'checkout', null],
        ['privacy', 'checkout', null],
        ['recurring', 'checkout', null],
      ]),
    );
    const rows = await t.db
      .selectFrom('consent_records')
      .selectAll()
      .where('customer_id', '=', annId)
      .execute();
    expect(rows.find((r) => r.context === 'checkout')?.subscription_id).toBeTruthy();
    expect(rows.every((r) => r.version === { terms, privacy, recurring }[r.document])).toBe(true);
  });

  it('is append-only: the database refuses to change or remove a record', async () => {
    await expect(sql`update consent_records set version = 'x'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from consent_records`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate consent_records`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('asks for what applies and is not accepted, and accepts only the current version', async () => {
    // A customer created without the sign-up page (staff, the CLI, a social login) has accepted nothing.
    const bob = await signedInUser(t, 'consent-bob@pria.test');
    expect((await addCard(bob, testCards.mastercard)).status).toBe(201);
    const before = (await bob.get('/api/v1/account/consents')).body.data;
    expect(
      before.documents.filter((d: { pending: boolean }) => d.pending).map((d: { id: string }) => d.id),
    ).toEqual(['terms', 'privacy']);
    const stale = await bob.post('/api/v1/account/consents', {
      documents: [{ id: 'terms', version: '2000-01-01' }],
    });
    expect(stale.status).toBe(409);
    expect(
      (await bob.post('/api/v1/account/consents', { documents: [{ id: 'nope', version: 'x' }] })).status,
    ).toBe(400);
    const ok = await bob.post('/api/v1/account/consents', {
      documents: [
        { id: 'terms', version: terms },
        { id: 'privacy', version: privacy },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.documents.every((d: { pending: boolean }) => !d.pending)).toBe(true);
    expect(ok.body.data.records.filter((r: { context: string }) => r.context === 'update')).toHaveLength(2);
  });

  it("lists for a staff account its own terms and privacy policy, never a card's recurring-charge authorization", async () => {
    const support = await signedInUser(t, 'consent-support@pria.test', ['support']);
    const own = (await support.get('/api/v1/account/consents')).body.data;
    expect(own.documents.map((d: { id: string }) => d.id)).toEqual(['terms', 'privacy']);
  });

  it('shows staff a client’s records (and only staff), recorded in the audit trail', async () => {
    const admin = await signedInUser(t, 'consent-admin@pria.test', ['admin']);
    const res = await admin.get(`/api/v1/customers/${annId}/consents`);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(6);
    expect(res.body.data[0]).toMatchObject({
      document: expect.any(String),
      version: expect.any(String),
      acceptedAt: expect.any(String),
    });
    expect((await ann.get(`/api/v1/customers/${annId}/consents`)).status).toBe(403);
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'target_id'])
      .where('action', '=', 'customer.consents.view')
      .execute();
    expect(audit).toEqual([{ action: 'customer.consents.view', target_id: annId }]);
  });
});
