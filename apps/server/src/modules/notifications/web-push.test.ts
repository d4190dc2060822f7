import { pushKeyMessages, pushMessages } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import { createWebPushSender, type DeliveryDeps, deliverPending } from '../../platform/delivery/index.ts';
import { createLogger } from '../../platform/logger.ts';
import { type Api, signedInUser } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { startPushServiceStandIn } from '../../test/push-service-stand-in.ts';
import { notifyMoneyEvent } from './notify-money-event.ts';
import { sendSecurityNotice } from './security-notices.ts';

/**
 * Web push end to end on the server side: devices subscribe through the API, money events become
 * one outbox row per device, and delivery reaches a stand-in push service that checks the VAPID
 * signature and decrypts the aes128gcm payload as a real one would.
 */
let t: TestApp;
let push: Awaited<ReturnType<typeof startPushServiceStandIn>>;
let delivery: DeliveryDeps;
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

beforeAll(async () => {
  t = await startTestApp();
  push = await startPushServiceStandIn();
  const vapid = t.config.webPush.vapid;
  if (!vapid) throw new Error('tests generate VAPID keys');
  delivery = {
    db: t.db,
    clock: systemClock,
    logger: createLogger('silent'),
    email: undefined,
    sms: undefined,
    push: createWebPushSender({ vapid, subject: t.config.webPush.subject }),
    maxAttempts: 3,
  };
});
afterAll(async () => {
  await push?.close();
  await t?.stop();
});

async function customerWithToken(email: string) {
  const api = await signedInUser(t, email);
  const me = await api.get('/api/v1/customers/me');
  return { api, id: me.body.data.id as string };
}

/** Subscribes through the API with a phone's User-Agent (the device label comes from it). */
async function subscribeAs(api: Api, name: string) {
  const body = push.device(name);
  const res = await api.request('POST', '/api/v1/account/push/devices', body, {
    'user-agent': CHROME_ANDROID,
  });
  return res;
}

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('web push', () => {
  it('subscribes a device, turns push on for every kind of message, and lists it by name', async () => {
    const { api } = await customerWithToken('push-ann@pria.test');
    const settings = await api.get('/api/v1/account/push');
    expect(settings.body.data).toEqual({ publicKey: t.config.webPush.vapid?.publicKey, devices: [] });
    const res = await subscribeAs(api, 'ann-phone');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(pushMessages.pushOn);
    expect(res.body.data).toMatchObject({ device: 'Chrome on Android', lastSentAt: null });
    const prefs = await api.get('/api/v1/customers/notification');
    expect(prefs.body.data.forPush).toEqual(['payin', 'payout', 'subscription']);
    const list = await api.get('/api/v1/account/push');
    expect(list.body.data.devices).toHaveLength(1);
    // No keys or endpoint in what the API shows.
    expect(JSON.stringify(list.body.data)).not.toContain('127.0.0.1');
  });

  it("names a device in the reader's language, and keeps the English name it was given (issue 42)", async () => {
    const { api, id } = await customerWithToken('push-lucia@pria.test');
    const added = await api.request('POST', '/api/v1/account/push/devices', push.device('lucia-phone'), {
      'user-agent': CHROME_ANDROID,
      'accept-language': 'es-US,es;q=0.9',
    });
    expect(added.status).toBe(201);
    expect(added.body.data.device).toBe('Chrome en Android');
    const inSpanish = await api.request('GET', '/api/v1/account/push', undefined, {
      'accept-language': 'es-US',
    });
    expect(inSpanish.body.data.devices.map((d: { device: string }) => d.device)).toEqual([
      'Chrome en Android',
    ]);
    expect(inSpanish.headers.get('vary')).toMatch(/Accept-Language/);
    const inEnglish = await api.get('/api/v1/account/push');
    expect(inEnglish.body.data.devices.map((d: { device: string }) => d.device)).toEqual([
      'Chrome on Android',
    ]);
    // Stored: the English name and the User-Agent it came from.
    const rows = await t.db
      .selectFrom('push_subscriptions')
      .select(['device', 'user_agent'])
      .where('customer_id', '=', id)
      .execute();
    expect(rows[0]).toEqual({ device: 'Chrome on Android', user_agent: CHROME_ANDROID });
  });

  it('refuses endpoints that are not a push service, and other customers cannot touch a device', async () => {
    const { api } = await customerWithToken('push-bob@pria.test');
    const keys = push.device('bob-x').keys;
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://10.0.0.7/push/1',
      'https://fcm.googleapis.com.evil.example/x',
    ]) {
      const res = await api.post('/api/v1/account/push/devices', { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message).toBe(pushMessages.pushServiceRefused);
    }
    const bad = await api.post('/api/v1/account/push/devices', {
      endpoint: 'https://fcm.googleapis.com/x',
      keys: { p256dh: 'short', auth: 'x' },
    });
    expect(bad.status).toBe(400);
    expect((await api.get('/api/v1/account/push')).body.data.devices).toEqual([]);

    const { api: carol } = await customerWithToken('push-carol@pria.test');
    const carolDevice = (await subscribeAs(carol, 'carol-phone')).body.data.id as string;
    expect((await api.delete(`/api/v1/account/push/devices/${carolDevice}`)).status).toBe(404);
    expect((await api.post(`/api/v1/account/push/devices/${carolDevice}/test`)).status).toBe(404);
    expect((await carol.get('/api/v1/account/push')).body.data.devices).toHaveLength(1);
    expect((await carol.delete(`/api/v1/account/push/devices/${carolDevice}`)).status).toBe(200);
    expect((await carol.get('/api/v1/account/push')).body.data.devices).toEqual([]);
  });

  it('refuses a p256dh that is not a point on the P-256 curve, and an auth that is not 16 bytes; nothing stored', async () => {
    const { api, id } = await customerWithToken('push-ida@pria.test');
    const device = push.device('ida-phone');
    const key = Buffer.from(device.keys.p256dh, 'base64url');
    key[64] = (key[64] ?? 0) ^ 1; // y changed by one bit: off the curve
    const offCurve = await api.post('/api/v1/account/push/devices', {
      endpoint: device.endpoint,
      keys: { p256dh: key.toString('base64url'), auth: device.keys.auth },
    });
    expect(offCurve.status).toBe(400);
    expect(offCurve.body.message).toBe(pushKeyMessages.p256dh);
    const shortAuth = await api.post('/api/v1/account/push/devices', {
      endpoint: device.endpoint,
      keys: { p256dh: device.keys.p256dh, auth: Buffer.alloc(15, 7).toString('base64url') },
    });
    expect(shortAuth.status).toBe(400);
    expect(shortAuth.body.message).toBe(pushKeyMessages.auth);
    expect((await api.get('/api/v1/account/push')).body.data.devices).toEqual([]);
    expect(
      await t.db.selectFrom('push_subscriptions').select('id').where('customer_id', '=', id).execute(),
    ).toEqual([]);
    expect((await api.get('/api/v1/customers/notification')).body.data.forPush).toEqual([]);
    // The same device with its real keys is taken.
    expect((await subscribeAs(api, 'ida-phone')).status).toBe(201);
  });

  it('fails a push to a device stored with keys off the curve for good at the first try, not ten', async () => {
    const { api, id } = await customerWithToken('push-jo@pria.test');
    const device = push.device('jo-phone');
    const key = Buffer.from(device.keys.p256dh, 'base64url');
    key[64] = (key[64] ?? 0) ^ 1;
    // As a row written before subscriptions were checked.
    const row = await t.db
      .insertInto('push_subscriptions')
      .values({
        customer_id: id,
        endpoint: device.endpoint,
        p256dh: key.toString('base64url'),
        auth: device.keys.auth,
        device: 'Chrome on Android',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await api.post(`/api/v1/account/push/devices/${row.id}/test`)).status).toBe(202);
    expect(await deliverPending(delivery, { now: later(1) })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const message = await t.db
      .selectFrom('message_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('push_subscription_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ status: 'failed', attempts: 1 });
    expect(message.last_error).toBe(`device keys refused: ${pushKeyMessages.p256dh}`);
    expect(push.received.some((r) => r.device === 'jo-phone')).toBe(false);
  });

  it('delivers a money event to every device once, signed and encrypted, and retries after an outage', async () => {
    const { api, id } = await customerWithToken('push-dan@pria.test');
    await subscribeAs(api, 'dan-phone');
    await subscribeAs(api, 'dan-laptop');
    push.script('dan-laptop', [503]);
    const event = {
      id: 9_000_001,
      type: 'payout.sent' as const,
      customer_id: id,
      card_id: null,
      amount_cents: 300,
      reason: null,
      attempt_id: null,
      refund_id: null,
      occurred_at: new Date('2030-02-02T21:00:00Z'),
      attempt_kind: null,
    };
    const ctx = { publicUrl: t.url, now: new Date() };
    const outcome = await t.db.transaction().execute((tx) => notifyMoneyEvent(tx, event, ctx));
    expect(outcome.push).toBe(2);
    // The same event again queues nothing more.
    expect((await t.db.transaction().execute((tx) => notifyMoneyEvent(tx, event, ctx))).push).toBe(2);
    const rows = await t.db
      .selectFrom('message_outbox')
      .selectAll()
      .where('dedupe_key', 'like', '9000001:push:%')
      .execute();
    expect(rows).toHaveLength(2);

    expect(await deliverPending(delivery, { now: later(1) })).toEqual({ sent: 1, retrying: 1, failed: 0 });
    expect(await deliverPending(delivery, { now: later(1) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await deliverPending(delivery, { now: later(5) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await deliverPending(delivery, { now: later(60) })).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const got = push.received.filter((r) => r.device.startsWith('dan-'));
    expect(got.map((r) => r.device).sort()).toEqual(['dan-laptop', 'dan-phone']);
    for (const r of got) {
      expect(r.payload).toEqual({
        title: expect.stringMatching(/paid/i),
        body: expect.stringMatching(/^We paid \$3\.00 back/),
        url: '/dashboard',
        tag: 'money-9000001',
      });
      expect(r.vapidKey).toBe(t.config.webPush.vapid?.publicKey);
      expect(r.claims.sub).toBe(t.config.webPush.subject);
      expect(r.headers).toMatchObject({ encoding: 'aes128gcm', ttl: '86400', urgency: 'normal' });
      expect(r.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    }
    const devices = (await api.get('/api/v1/account/push')).body.data.devices as {
      lastSentAt: string | null;
    }[];
    expect(devices.every((d) => d.lastSentAt !== null)).toBe(true);
  });

  it('removes a device the push service says is gone (410), and a push to a removed device goes nowhere', async () => {
    const { api } = await customerWithToken('push-eve@pria.test');
    const gone = (await subscribeAs(api, 'eve-old-phone')).body.data.id as string;
    push.script('eve-old-phone', [410]);
    expect((await api.post(`/api/v1/account/push/devices/${gone}/test`)).status).toBe(202);
    expect(await deliverPending(delivery, { now: later(1) })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect((await api.get('/api/v1/account/push')).body.data.devices).toEqual([]);

    const kept = (await subscribeAs(api, 'eve-phone')).body.data.id as string;
    expect((await api.post(`/api/v1/account/push/devices/${kept}/test`)).status).toBe(202);
    expect((await api.delete(`/api/v1/account/push/devices/${kept}`)).status).toBe(200);
    expect(await deliverPending(delivery, { now: later(1) })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await t.db
      .selectFrom('message_outbox')
      .select(['status', 'last_error'])
      .where('recipient', '=', `push:${kept}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', last_error: 'device removed' });
    expect(push.received.some((r) => r.device.startsWith('eve-'))).toBe(false);
  });

  it('sends a security notice to every device once, and nothing by push to a customer who chose none', async () => {
    const { api, id } = await customerWithToken('push-gus@pria.test');
    const device = (await subscribeAs(api, 'gus-phone')).body.data.id as string;
    const who = await t.db
      .selectFrom('customers')
      .select(['subject'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const notice = {
      userId: who.subject,
      email: 'push-gus@pria.test',
      event: 'password_changed' as const,
      eventId: 'e1',
      issuer: t.config.oidc.issuer,
    };
    expect(await sendSecurityNotice(t.db, notice, { publicUrl: t.url })).toBe(true);
    expect(await sendSecurityNotice(t.db, notice, { publicUrl: t.url })).toBe(false);
    const rows = await t.db
      .selectFrom('message_outbox')
      .select(['text_body'])
      .where('push_subscription_id', '=', device)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.text_body ?? '{}')).toMatchObject({ url: '/dashboard/account/security' });
    // Push turned off for every kind: no push for the next security event.
    await api.post('/api/v1/customers/notification', { forEmail: ['payin'], forSms: [], forPush: [] });
    await sendSecurityNotice(t.db, { ...notice, eventId: 'e2' }, { publicUrl: t.url });
    expect(
      await t.db
        .selectFrom('message_outbox')
        .select('id')
        .where('push_subscription_id', '=', device)
        .execute(),
    ).toHaveLength(1);
  });

  it('shows push messages in the development outbox with channel push', async () => {
    const { api } = await customerWithToken('push-fay@pria.test');
    const id = (await subscribeAs(api, 'fay-phone')).body.data.id as string;
    await api.post(`/api/v1/account/push/devices/${id}/test`);
    const res = await fetch(`${t.url}/dev/outbox.json?to=push:${id}`);
    const rows = (await res.json()) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'push',
      to: `push:${id}`,
      subject: 'Pria notifications are on',
      status: 'pending',
      push: { title: 'Pria notifications are on', url: '/dashboard/account/notifications' },
    });
    expect(Object.keys(rows[0] ?? {})).toEqual(
      expect.arrayContaining(['id', 'channel', 'to', 'subject', 'text', 'html', 'status', 'createdAt']),
    );
  });
});
