import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { lastMessageTo } from '../../test/account-session.ts';
import { apiClient } from '../../test/api-client.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { refresh } from '../../test/idp-browser.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

/**
 * Issue 40: Account → Security lists the customer's own signed-in devices and sign-ins, and signs
 * one device out: its refresh token is refused, its access token too, the other devices stay
 * signed in; the change is in the account's log and the customer is emailed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const PASSWORD = 'correct horse 1';
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function account(email: string) {
  const { id } = await createUser(t.db, { email, password: PASSWORD, emailVerified: true });
  const signIn = async (userAgent: string) => {
    const tokens = await oidcLogin({ baseUrl: t.url, email, password: PASSWORD, userAgent });
    return { tokens, api: apiClient(t.url, tokens.access_token) };
  };
  return { id, laptop: await signIn(MAC_CHROME), phone: await signIn(IPHONE_SAFARI) };
}

type Device = { id: string; device: string; place: string; signedInAt: string; current: boolean };

describe('signed-in devices', () => {
  it("lists the caller's own devices in words, this one marked, and their sign-ins", async () => {
    const ann = await account('devices-ann@pria.test');
    await account('devices-other@pria.test');
    const res = await ann.laptop.api.get('/api/v1/account/sessions');
    expect(res.status).toBe(200);
    const devices = res.body.data.devices as Device[];
    expect(devices.map((d) => [d.device, d.current])).toEqual([
      ['Safari on iOS', false],
      ['Chrome on macOS', true],
    ]);
    // No place is looked up: the network the sign-in came from, or "Unknown place".
    for (const d of devices) expect(d.place).toMatch(/^Network (127\.0\.0\.x|0:0:0::\/48)$/);
    const signIns = res.body.data.signIns as { device: string; signedIn: boolean; current: boolean }[];
    expect(signIns.map((s) => [s.device, s.signedIn, s.current])).toEqual([
      ['Safari on iOS', true, false],
      ['Chrome on macOS', true, true],
    ]);
    // The phone sees the same two devices, itself the current one.
    const fromPhone = (await ann.phone.api.get('/api/v1/account/sessions')).body.data.devices as Device[];
    expect(fromPhone.map((d) => [d.device, d.current])).toEqual([
      ['Safari on iOS', true],
      ['Chrome on macOS', false],
    ]);
  });

  it('signs one device out: its refresh and access tokens are refused, the other device stays', async () => {
    const ann = await account('devices-out@pria.test');
    const devices = (await ann.laptop.api.get('/api/v1/account/sessions')).body.data.devices as Device[];
    const phone = devices.find((d) => !d.current);
    expect(phone?.device).toBe('Safari on iOS');

    const res = await ann.laptop.api.delete(`/api/v1/account/sessions/${phone?.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Device signed out');

    // The phone: its next call is refused, and so is its next refresh.
    expect((await ann.phone.api.get('/api/v1/customers/me')).status).toBe(401);
    expect((await refresh(t, ann.phone.tokens.refresh_token ?? '')).body.error).toBe('invalid_grant');
    // The laptop is still signed in, and refreshes.
    expect((await ann.laptop.api.get('/api/v1/customers/me')).status).toBe(200);
    const renewed = await refresh(t, ann.laptop.tokens.refresh_token ?? '');
    expect(renewed.status).toBe(200);
    expect((await apiClient(t.url, renewed.body.access_token ?? '').get('/api/v1/customers/me')).status).toBe(
      200,
    );
    const left = (await ann.laptop.api.get('/api/v1/account/sessions')).body.data;
    expect((left.devices as Device[]).map((d) => d.device)).toEqual(['Chrome on macOS']);
    expect(
      (left.signIns as { device: string; signedIn: boolean }[]).map((s) => [s.device, s.signedIn]),
    ).toEqual([
      ['Safari on iOS', false],
      ['Chrome on macOS', true],
    ]);
  });

  it('logs who signed out which device and emails the customer a security notice', async () => {
    const ann = await account('devices-audit@pria.test');
    const devices = (await ann.laptop.api.get('/api/v1/account/sessions')).body.data.devices as Device[];
    const phone = devices.find((d) => !d.current);
    const customerId = (await ann.laptop.api.get('/api/v1/customers/me')).body.data.id as string;
    // Even with every notification turned off: a security notice is always sent.
    await ann.laptop.api.post('/api/v1/customers/notification', { forEmail: [], forSms: [] });

    expect((await ann.laptop.api.delete(`/api/v1/account/sessions/${phone?.id}`)).status).toBe(200);

    const log = await t.db
      .selectFrom('event_log')
      .select(['message', 'actor', 'data'])
      .where('stream', '=', 'account')
      .where('actor', '=', customerId)
      .where('message', '=', 'signed out a device')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]?.data).toMatchObject({ customerId, sessionId: phone?.id, device: 'Safari on iOS' });
    expect(JSON.stringify(log[0]?.data)).not.toContain('127.0.0.1');
    const mail = await t.db
      .selectFrom('message_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', 'devices-audit@pria.test')
      .where('subject', '=', 'A device was signed out of your Pria account')
      .execute();
    expect(mail).toHaveLength(1);
    expect(await lastMessageTo(t.db, 'devices-audit@pria.test')).toContain('Device: Safari on iOS');
  });

  it("says the devices in the customer's language (ADR 74), and emails a Spanish customer in Spanish", async () => {
    const ann = await account('devices-es@pria.test');
    const spanish = { 'accept-language': 'es-US,es;q=0.9' };
    const sessions = async (headers: Record<string, string> = {}) => {
      const res = await ann.laptop.api.request('GET', '/api/v1/account/sessions', undefined, headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toMatch(/Accept-Language.*Cookie/);
      return res.body.data as { devices: Device[]; signIns: { device: string; place: string }[] };
    };
    // Never chose: the browser's language.
    expect((await sessions()).devices.map((d) => d.device)).toEqual(['Safari on iOS', 'Chrome on macOS']);
    const fromSpanishBrowser = await sessions(spanish);
    expect(fromSpanishBrowser.devices.map((d) => d.device)).toEqual(['Safari en iOS', 'Chrome en macOS']);
    for (const d of fromSpanishBrowser.devices) expect(d.place).toMatch(/^Red (127\.0\.0\.x|0:0:0::\/48)$/);
    expect(fromSpanishBrowser.signIns.map((s) => s.device)).toEqual(['Safari en iOS', 'Chrome en macOS']);

    // Chose Spanish on the account: Spanish whatever the cookie or browser says.
    expect((await ann.laptop.api.put('/api/v1/customers/me/language', { language: 'es' })).status).toBe(200);
    const chosen = await sessions({ cookie: 'pria_lang=en', 'accept-language': 'en-US' });
    expect(chosen.devices.map((d) => d.device)).toEqual(['Safari en iOS', 'Chrome en macOS']);

    // Signing the phone out: the notice is in Spanish, the account's log stays English.
    const phone = chosen.devices.find((d) => !d.current);
    expect((await ann.laptop.api.delete(`/api/v1/account/sessions/${phone?.id}`)).status).toBe(200);
    const mail = await lastMessageTo(t.db, 'devices-es@pria.test');
    expect(mail).toMatch(/Dispositivo: Safari en iOS, Red (127\.0\.0\.x|0:0:0::\/48)\./);
    expect(mail).not.toMatch(/ on iOS|Network /);
    const log = await t.db
      .selectFrom('event_log')
      .select('data')
      .where('stream', '=', 'account')
      .where('message', '=', 'signed out a device')
      .execute();
    expect(log.map((l) => (l.data as { device?: string }).device)).toContain('Safari on iOS');
  });

  it("refuses another customer's device with 404 and signs nothing out", async () => {
    const ann = await account('devices-owner@pria.test');
    const bob = await account('devices-bob@pria.test');
    const bobsPhone = (
      (await bob.laptop.api.get('/api/v1/account/sessions')).body.data.devices as Device[]
    ).find((d) => !d.current);
    const res = await ann.laptop.api.delete(`/api/v1/account/sessions/${bobsPhone?.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This device is not signed in to your account');
    expect((await bob.phone.api.get('/api/v1/customers/me')).status).toBe(200);
    expect((await refresh(t, bob.phone.tokens.refresh_token ?? '')).status).toBe(200);
    // An id that names no session, and one that is not an id at all, change nothing either.
    expect((await ann.laptop.api.delete('/api/v1/account/sessions/no-such-session')).status).toBe(404);
    expect((await ann.laptop.api.delete('/api/v1/account/sessions/not%20an%20id')).status).toBe(400);
    const mail = await t.db
      .selectFrom('message_outbox')
      .select('id')
      .where('subject', '=', 'A device was signed out of your Pria account')
      .where('recipient', 'in', ['devices-owner@pria.test', 'devices-bob@pria.test'])
      .execute();
    expect(mail).toEqual([]);
  });
});
