import { messages } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { apiClient } from '../../test/api-client.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

let t: TestApp;
let ann: ReturnType<typeof apiClient>;
let bob: ReturnType<typeof apiClient>;
let admin: ReturnType<typeof apiClient>;

async function signedIn(email: string, roles: string[]) {
  await createUser(t.db, { email, password: 'correct horse 1', roles, emailVerified: true });
  const { access_token } = await oidcLogin({ baseUrl: t.url, email, password: 'correct horse 1' });
  return apiClient(t.url, access_token);
}

beforeAll(async () => {
  t = await startTestApp();
  ann = await signedIn('ann@example.com', ['customer']);
  bob = await signedIn('bob@example.com', ['customer']);
  admin = await signedIn('admin@example.com', ['admin']);
});
afterAll(() => t?.stop());

const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

const goodProfile = {
  firstName: 'Ann',
  middleName: '',
  lastName: 'Lee',
  phone: '2025550104',
  address: {
    address1: '1 Main St',
    address2: '',
    locality: 'New York',
    administrativeArea: 'NY',
    country: 'CA',
    postalCode: '10001',
  },
};

describe('GET /api/v1/customers/{id}', () => {
  it("creates the caller's customer row on the first authenticated call, once", async () => {
    const [a, b] = await Promise.all([ann.get('/api/v1/customers/me'), ann.get('/api/v1/customers/me')]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).toMatchObject({ httpCode: 200, error: [] });
    expect(a.body.data).toMatchObject({ email: 'ann@example.com', email_verified: true, onBoardingIndex: 0 });
    expect(a.body.data.address).toMatchObject({ country: 'US' });
    const rows = await t.db
      .selectFrom('customers')
      .selectAll()
      .where('email', '=', 'ann@example.com')
      .execute();
    expect(rows).toHaveLength(1);
    expect((await ann.get(`/api/v1/customers/${a.body.data.id}`)).body.data.id).toBe(a.body.data.id);
  });

  it("refuses another customer's record", async () => {
    const bobId = (await bob.get('/api/v1/customers/me')).body.data.id;
    const res = await ann.get(`/api/v1/customers/${bobId}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('lets staff holding customer:get read any customer', async () => {
    const bobId = (await bob.get('/api/v1/customers/me')).body.data.id;
    const res = await admin.get(`/api/v1/customers/${bobId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe('bob@example.com');
    expect((await admin.get('/api/v1/customers/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    // Neither a customer id nor 'me': refused as malformed, as the document says.
    const malformed = await admin.get('/api/v1/customers/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("id must be a customer id or 'me'");
  });

  it('rejects a token whose signature was tampered with', async () => {
    const { access_token } = await oidcLogin({
      baseUrl: t.url,
      email: 'ann@example.com',
      password: 'correct horse 1',
    });
    const [h, p] = access_token.split('.');
    const res = await apiClient(t.url, `${h}.${p}.${'A'.repeat(342)}`).get('/api/v1/customers/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid Token');
  });

  it("rejects another identity's claims under a token's signature that was just accepted (the verified-token cache)", async () => {
    const { access_token } = await oidcLogin({
      baseUrl: t.url,
      email: 'ann@example.com',
      password: 'correct horse 1',
    });
    const [h, p, signature] = access_token.split('.') as [string, string, string];
    const accepted = await apiClient(t.url, access_token).get('/api/v1/customers/me');
    expect(accepted.status).toBe(200);
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const bobs = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    const forged = await apiClient(t.url, `${h}.${bobs}.${signature}`).get('/api/v1/customers/me');
    expect(forged.status).toBe(401);
    // The genuine token is still served (from the cache or verified again).
    expect((await apiClient(t.url, access_token).get('/api/v1/customers/me')).body.data.email).toBe(
      'ann@example.com',
    );
  });
});

describe('PUT /api/v1/customers/{id}', () => {
  it('refuses an email in the profile (read-only: not a property of the change) and changes nothing', async () => {
    const before = (await ann.get('/api/v1/customers/me')).body.data;
    const res = await ann.put('/api/v1/customers/me', { ...goodProfile, email: 'hacker@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(['Unknown property: email']);
    expect((await ann.get('/api/v1/customers/me')).body.data).toEqual(before);
  });

  it('saves the profile and forces the country to US', async () => {
    const res = await ann.put('/api/v1/customers/me', goodProfile);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.updatedSuccessfully);
    expect(res.body.data).toMatchObject({
      firstName: 'Ann',
      middleName: null,
      lastName: 'Lee',
      phone: '2025550104',
      email: 'ann@example.com',
      address: {
        address1: '1 Main St',
        address2: null,
        locality: 'New York',
        administrativeArea: 'NY',
        country: 'US',
      },
    });
    expect((await ann.get('/api/v1/customers/me')).body.data.address.postalCode).toBe('10001');
  });

  it.each([
    [{ firstName: '' }, messages.firstNameRequired],
    [{ lastName: '  ' }, messages.lastNameRequired],
    [{ phone: '' }, messages.phoneRequired],
    [{ phone: '202555010' }, messages.invalidPhone],
    [{ phone: '20255501045' }, messages.invalidPhone],
    [{ phone: '202-555-010' }, messages.invalidPhone],
    [{ address: { ...goodProfile.address, postalCode: '' } }, messages.postalCodeRequired],
    [{ address: { ...goodProfile.address, postalCode: '1234' } }, messages.invalidPostalCode],
    [{ address: { ...goodProfile.address, postalCode: '12345-12' } }, messages.invalidPostalCode],
    [{ address: { ...goodProfile.address, administrativeArea: 'ZZ' } }, 'Invalid state'],
  ])('refuses %j with "%s" and changes nothing', async (change, text) => {
    const before = (await ann.get('/api/v1/customers/me')).body.data;
    const res = await ann.put('/api/v1/customers/me', { ...goodProfile, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(text);
    expect((await ann.get('/api/v1/customers/me')).body.data).toEqual(before);
  });

  it('accepts a ZIP+4 and empty address lines outside onboarding', async () => {
    const res = await ann.put('/api/v1/customers/me', {
      ...goodProfile,
      address: { postalCode: '10001-1234', address1: '', locality: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.address).toMatchObject({ postalCode: '10001-1234', address1: null, locality: null });
  });

  it('requires street, city and state in onboarding', async () => {
    const res = await ann.put('/api/v1/customers/me?onboarding=true', {
      ...goodProfile,
      address: { postalCode: '10001' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual([messages.streetRequired, messages.cityRequired, messages.stateRequired]);
  });

  it("refuses to change someone else's profile, even for staff", async () => {
    const bobId = (await bob.get('/api/v1/customers/me')).body.data.id;
    expect((await ann.put(`/api/v1/customers/${bobId}`, goodProfile)).status).toBe(403);
    expect((await admin.put(`/api/v1/customers/${bobId}`, goodProfile)).status).toBe(403);
    expect((await bob.get('/api/v1/customers/me')).body.data.firstName).toBeNull();
  });
});

describe('PUT /api/v1/customers/{id}/language (issue 42)', () => {
  it('starts unchosen, keeps the choice on the account and logs each change once', async () => {
    const before = await ann.get('/api/v1/customers/me');
    expect(before.body.data.language).toBeNull();
    const put = await ann.put('/api/v1/customers/me/language', { language: 'es' });
    expect(put.status).toBe(200);
    expect(put.body.data.language).toBe('es');
    // Read back on both paths of the record (the one-query GET and a view from the row).
    expect((await ann.get('/api/v1/customers/me')).body.data.language).toBe('es');
    expect((await ann.put('/api/v1/customers/me/language', { language: 'es' })).body.data.language).toBe(
      'es',
    );
    const id = before.body.data.id as string;
    const logged = await t.db
      .selectFrom('event_log')
      .select(['message', 'actor'])
      .where('stream', '=', 'account')
      .where('message', 'like', 'language set to%')
      .where('actor', '=', id)
      .execute();
    expect(logged).toEqual([{ message: 'language set to es', actor: id }]);
    await ann.put('/api/v1/customers/me/language', { language: 'en' });
    expect((await ann.get('/api/v1/customers/me')).body.data.language).toBe('en');
  });

  it('refuses a language Pria does not speak, an unknown property and another customer, changing nothing', async () => {
    await ann.put('/api/v1/customers/me/language', { language: 'en' });
    const fr = await ann.put('/api/v1/customers/me/language', { language: 'fr' });
    expect(fr.status).toBe(400);
    expect(fr.body.error).toContain('language must be en or es');
    const extra = await ann.put('/api/v1/customers/me/language', { language: 'es', locale: 'es-MX' });
    expect(extra.status).toBe(400);
    const annId = (await ann.get('/api/v1/customers/me')).body.data.id as string;
    const other = await bob.put(`/api/v1/customers/${annId}/language`, { language: 'es' });
    expect(other.status).toBe(403);
    expect((await ann.get('/api/v1/customers/me')).body.data.language).toBe('en');
  });
});

describe('onboarding index and geography', () => {
  it('saves the onboarding step and refuses values outside 0-4', async () => {
    const ok = await bob.put('/api/v1/setting/onboarding-index?index=2');
    expect(ok.status).toBe(200);
    expect(ok.body.data.onBoardingIndex).toBe(2);
    for (const bad of ['5', '-1', 'x', '1.5', '']) {
      expect((await bob.put(`/api/v1/setting/onboarding-index?index=${bad}`)).status).toBe(400);
    }
    expect((await bob.get('/api/v1/customers/me')).body.data.onBoardingIndex).toBe(2);
  });

  it('keeps the plan chosen at the plan step with the customer, so a reload finds it (issue 29)', async () => {
    const saved = await bob.put('/api/v1/setting/onboarding-index?index=3&plan=annual');
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ onBoardingIndex: 3, selectedPlanId: 'annual' });
    // Another page load reads it back; a later step without a plan keeps it.
    expect((await bob.get('/api/v1/customers/me')).body.data.selectedPlanId).toBe('annual');
    await bob.put('/api/v1/setting/onboarding-index?index=3');
    expect((await bob.get('/api/v1/customers/me')).body.data.selectedPlanId).toBe('annual');
    // An unknown plan is refused with the plan words, and nothing changes (no 500 from the foreign key).
    const bad = await bob.put('/api/v1/setting/onboarding-index?index=2&plan=no-such-plan');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.unknownPlan);
    expect((await bob.get('/api/v1/customers/me')).body.data).toMatchObject({
      onBoardingIndex: 3,
      selectedPlanId: 'annual',
    });
  });

  it('lists US states and territories and maps ZIPs to states both ways', async () => {
    const areas = (await ann.get('/api/v1/administrative-areas')).body.data as {
      code: string;
      name: string;
    }[];
    const codes = areas.map((a) => a.code);
    for (const c of ['NY', 'CA', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP']) expect(codes).toContain(c);
    expect(areas.find((a) => a.code === 'NY')?.name).toBe('New York');
    expect((await ann.get('/api/v1/postal-codes/94103')).body.data.administrativeArea).toBe('CA');
    expect((await ann.get('/api/v1/postal-codes/00000')).status).toBe(404);
    expect((await ann.get('/api/v1/postal-codes/abc')).status).toBe(400);
    const zip = (await ann.get('/api/v1/administrative-areas/TX/postal-code')).body.data.postalCode;
    expect((await ann.get(`/api/v1/postal-codes/${zip}`)).body.data.administrativeArea).toBe('TX');
  });
});

describe('GET /customers/me in one query', () => {
  it('says what the record says, before and after a subscription and notification choices', async () => {
    const { addCard, testCards } = await import('../../test/customers.ts');
    const cara = await signedIn('cara@example.com', ['customer']);
    // The own record (one-query path) and the staff view of the same record (the general path) agree.
    const both = async () => {
      const me = (await cara.get('/api/v1/customers/me')).body.data;
      const staff = (await admin.get(`/api/v1/customers/${me.id}`)).body.data;
      expect(me).toEqual(staff);
      return me;
    };
    const fresh = await both();
    expect(fresh).toMatchObject({ email: 'cara@example.com', subscription: null });
    expect(fresh.notification.forSms).toEqual([]);

    const card = (await addCard(cara, testCards.visa)).body.data.id;
    expect((await cara.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
    const forEmail = [fresh.notification.forEmail[0]];
    expect((await cara.post('/api/v1/customers/notification', { forEmail, forSms: forEmail })).status).toBe(
      200,
    );
    const after = await both();
    expect(after.subscription).toMatchObject({
      status: 'active',
      card: { id: card },
      plan: { id: 'semi-annual' },
    });
    expect(after.subscription.expiresAt).toBeGreaterThan(Date.now());
    expect(after.notification).toEqual({ forEmail, forSms: forEmail, forPush: [] });
  });

  it("sends a kept record's body again as it was, in the language each call asks for, and a changed record afresh", async () => {
    const { addCard, testCards } = await import('../../test/customers.ts');
    const erin = await signedIn('erin@example.com', ['customer']);
    const card = (await addCard(erin, testCards.visa)).body.data.id;
    expect((await erin.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
    const me = (language: string) =>
      erin.download('/api/v1/customers/me', { 'accept-language': language }).then((r) => ({
        ...r,
        text: r.bytes.toString('utf8'),
      }));
    const english = await me('en-US');
    expect(english.status).toBe(200);
    expect(english.type).toBe('application/json; charset=utf-8');
    expect(english.vary).toMatch(/accept-language/i);
    expect(JSON.parse(english.text).data.subscription.plan.name).toBe('Semi-Annual');
    const spanish = await me('es-US');
    expect(JSON.parse(spanish.text).data.subscription.plan.name).toBe('Semestral');
    // Sent again unchanged: the same bytes, each in its language.
    expect((await me('en-US')).text).toBe(english.text);
    expect((await me('es-US')).text).toBe(spanish.text);
    // A change is a new record, so a new body.
    expect((await erin.put('/api/v1/customers/me', goodProfile)).status).toBe(200);
    const changed = JSON.parse((await me('en-US')).text).data;
    expect(changed).toMatchObject({ firstName: 'Ann', subscription: { plan: { name: 'Semi-Annual' } } });
    expect(changed).toEqual({ ...JSON.parse(english.text).data, ...pick(changed, Object.keys(goodProfile)) });
  });

  it('says at once what another process changed in any of its rows (the kept answer is not served, ADR 78)', async () => {
    const { addCard, testCards } = await import('../../test/customers.ts');
    const dora = await signedIn('dora@example.com', ['customer']);
    const me = async () => (await dora.get('/api/v1/customers/me')).body.data;
    const card = (await addCard(dora, testCards.visa)).body.data.id;
    expect((await dora.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
    const first = await me();
    expect(await me()).toEqual(first);
    const subscription = first.subscription.id;
    // Each statement below runs as the owner, outside this app: only the database can tell it.
    await sql`update customers set first_name = 'Dorothea' where id = ${first.id}`.execute(t.db);
    expect((await me()).firstName).toBe('Dorothea');
    await sql`insert into subscription_pauses (subscription_id, paused_at, paused_by)
      values (${subscription}, now(), 'dora@example.com')`.execute(t.db);
    expect((await me()).subscription).toMatchObject({ isEnabled: false, autoRenews: false });
    await sql`update subscription_pauses set resumed_at = now(), resumed_by = 'dora@example.com'
      where subscription_id = ${subscription}`.execute(t.db);
    expect((await me()).subscription).toMatchObject({ isEnabled: true, autoRenews: true });
    await sql`update subscriptions set cancelled_at = now(), cancelled_by = 'dora@example.com'
      where id = ${subscription}`.execute(t.db);
    expect((await me()).subscription).toMatchObject({ autoRenews: false, cancelledBy: 'dora@example.com' });
    await sql`update notification_preferences set for_sms = '{}' where customer_id = ${first.id}`.execute(
      t.db,
    );
    expect((await me()).notification.forSms).toEqual([]);
    // The plan its period was paid on comes from the captured plan charge: a change there counts too.
    const version = async () =>
      Number(
        (
          await t.db
            .selectFrom('customer_record_changes')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('customer_id', '=', first.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await version();
    await sql`update payment_attempts set plan_ended_at = now()
      where customer_id = ${first.id} and kind = 'subscription'`.execute(t.db);
    expect(await version()).toBe(before + 1);
  });
});
