import { expect, test } from '@playwright/test';
import { testCards } from '../customer/pages/test-cards.ts';
import { chromiumLaunchOptions, fullChromium } from '../fixtures/chromium.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { customerByEmail, sql } from './support/ledger.ts';
import { PASSWORD, seedCustomer } from './support/seed.ts';
import { snap } from './support/viewport.ts';

/**
 * A browser whose push service never answers (issue 40, "Misdirects": the button spun for over
 * 40 s). Its own file: it needs the full browser (the headless shell the rest of the suite may use
 * denies notifications, ADR 72), and a browser is chosen per file.
 */
// The service worker is part of turning push on: allow it (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow', launchOptions: chromiumLaunchOptions(fullChromium) });

test('"Turn on notifications on this device" gives up with the reason, and the button works again', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The browser's push service never answers (issue 40: the button spun for over 40 s).
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.addInitScript(() => {
    PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => undefined);
  });
  const { email } = await seedCustomer(browser, baseURL ?? '', {
    prefix: 'nopush',
    cards: [testCards.visa],
  });
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, PASSWORD);
  await page.goto('/dashboard/account/notifications');
  const devices = page.getByRole('region', { name: 'Devices with push notifications' });
  const turnOn = devices.getByRole('button', { name: 'Turn on notifications on this device' });
  await turnOn.click();
  await expect(devices.getByRole('alert')).toContainText(
    "This browser's push service did not answer, so notifications are not on.",
    { timeout: 25_000 },
  );
  await expect(turnOn).toBeEnabled();
  await expect(turnOn).not.toHaveAttribute('data-loading');
  await snap(page, '1280-j40-push-timeout');
  const { id } = await customerByEmail(email);
  expect(await sql('select id from push_subscriptions where customer_id = $1', [id])).toEqual([]);
});
