/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { startPushServiceStandIn } from '../../apps/server/src/test/push-service-stand-in.ts';
import { signUpNewCustomer } from '../customer/pages/sign-up.ts';
import { chromiumLaunchOptions, fullChromium } from '../fixtures/chromium.ts';

// The service worker receives the push: allow it (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' });
// The full browser: the headless shell the rest of the suite may use shows no notifications.
test.use({ launchOptions: chromiumLaunchOptions(fullChromium) });

/**
 * Push in Chromium, end to end. One part is stubbed, and only one: the browser's registration with
 * its vendor's push service (FCM), which `PushManager.subscribe` performs and which is unreachable
 * here and in CI (headless Chromium answers "AbortError: Registration failed - push service
 * error"). The stub hands the page a subscription on a stand-in push service run by this test,
 * with keys the stand-in holds, and records the VAPID key the page subscribed with. Everything
 * else is real: the notification permission, the service worker, the settings screen, the API,
 * the outbox and the worker's delivery (VAPID-signed, aes128gcm-encrypted, checked and decrypted by
 * the stand-in), and the service worker's push handler, fed the delivered payload through the
 * DevTools protocol (ServiceWorker.deliverPushMessage), showing the notification.
 */
test('a customer turns on push for this device, gets a test notification, and removes the device', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const push = await startPushServiceStandIn();
  try {
    const subscription = push.device('e2e-phone');
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.addInitScript((sub) => {
      const fake = {
        endpoint: sub.endpoint,
        expirationTime: null,
        options: {},
        getKey: () => null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => true,
      };
      let subscribed = false;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = options?.applicationServerKey as Uint8Array;
        (window as unknown as { subscribedWith: string }).subscribedWith = btoa(String.fromCharCode(...key))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        subscribed = true;
        return fake as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        subscribed ? (fake as unknown as PushSubscription) : null;
    }, subscription);

    await signUpNewCustomer(page, 'push');
    await page.getByRole('button', { name: 'I will do this later' }).click();
    await page.goto('/dashboard/account/notifications');
    const devices = page.getByRole('region', { name: 'Devices with push notifications' });
    await expect(devices.getByText('No devices yet.')).toBeVisible();

    await devices.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await expect(page.getByText('Notifications are on for this device')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(devices.getByText('This device')).toBeVisible();
    // Named from the browser's User-Agent (Playwright's Desktop Chrome says Windows).
    await expect(devices.getByText(/^Chrome on Windows$/)).toBeVisible();
    const settings = await page.evaluate(async () => {
      const token = Object.entries(localStorage).find(([k]) => k.startsWith('oidc.user:'))?.[1];
      const access = token ? (JSON.parse(token) as { access_token: string }).access_token : '';
      const res = await fetch('/api/v1/account/push', { headers: { authorization: `Bearer ${access}` } });
      return (await res.json()) as { data: { publicKey: string } };
    });
    expect(await page.evaluate(() => (window as unknown as { subscribedWith: string }).subscribedWith)).toBe(
      settings.data.publicKey,
    );
    // The first device turns push on for every kind of message.
    const pushColumn = page.getByRole('group', { name: 'Push notifications' });
    await expect(pushColumn.getByRole('checkbox', { name: 'Charges' })).toBeChecked();

    await devices.getByRole('button', { name: 'Send a test' }).click();
    await expect(page.getByText('Test notification sent')).toBeVisible();
    // The worker delivers within its interval (5 s): signed, encrypted, accepted by the stand-in.
    await expect
      .poll(() => push.received.filter((r) => r.device === 'e2e-phone').length, { timeout: 30_000 })
      .toBe(1);
    expect(push.refused).toEqual([]);
    const delivered = push.received[0]?.payload as { title: string; body: string; url: string };
    expect(delivered).toMatchObject({
      title: 'Pria notifications are on',
      url: '/dashboard/account/notifications',
    });

    // What the phone would do with it: the service worker's push handler shows the notification.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
          const r = e.registrations.find((x) => x.scopeURL === `${baseURL}/`);
          if (r) resolve(r.registrationId);
        },
      );
    });
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;
    // The push goes to the registration's active worker: wait for one, and deliver again (same tag,
    // so a second delivery replaces the first) while none is shown yet — on a loaded machine the
    // first message can reach a worker that is still being replaced by the build's own.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const message = JSON.stringify({ ...delivered, tag: 'e2e-test' });
    await expect
      .poll(
        async () => {
          const shown = await page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body]),
          );
          if (shown.length === 0) {
            await cdp.send('ServiceWorker.deliverPushMessage', {
              origin: baseURL as string,
              registrationId: id,
              data: message,
            });
          }
          return shown;
        },
        { timeout: 30_000, intervals: [1_000, 2_000] },
      )
      .toEqual([[delivered.title, delivered.body]]);

    await devices.getByRole('button', { name: 'Remove Chrome on Windows' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Device removed')).toBeVisible();
    await expect(devices.getByText('No devices yet.')).toBeVisible();
  } finally {
    await push.close();
  }
});
