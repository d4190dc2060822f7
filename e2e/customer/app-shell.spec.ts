import { expect, type Page, test } from '@playwright/test';
import { AccountSecurityPage } from '../account-security/pages/account-security-page.ts';
import { signOut } from '../account-security/pages/session.ts';
import { seedSubscribedCustomer } from '../admin/seed.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { signInNewCustomer } from '../fixtures/new-customer.ts';

/**
 * A signed-in screen's HTML carries its frame (header and title over a loader), shown before any
 * script runs, and the app replaces it once the screen is rendered (apps/web/src/app/app-shell.ts).
 */
const screens = [
  { path: '/dashboard', heading: 'Dashboard', title: 'Dashboard | Pria' },
  { path: '/dashboard/checkout?plan=semi-annual', heading: 'Checkout', title: 'Checkout | Pria' },
  {
    path: '/dashboard/subscription',
    heading: 'Select a subscription',
    title: 'Select a subscription | Pria',
  },
  { path: '/dashboard/account', heading: 'Account Settings', title: 'Account Settings | Pria' },
  // A section of the account page is the same screen.
  { path: '/dashboard/account/payment', heading: 'Account Settings', title: 'Account Settings | Pria' },
];

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  for (const s of screens) {
    test(`${s.path} shows the header, the screen's title and a loader`, async ({ page }) => {
      await page.goto(s.path);
      await expect(page).toHaveTitle(s.title);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Pria home' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: s.heading })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText('Loading…');
      // The menu button's place is kept, but nothing pretends to work before the app does.
      await expect(page.getByRole('button')).toHaveCount(0);
    });
  }
});

test('the app replaces the frame once the screen is rendered', async ({ page }) => {
  await signInNewCustomer(page, 'shell');

  // A first visit in a new tab (the session is in this origin's storage): the frame, then the screen.
  const tab = await page.context().newPage();
  await tab.goto('/dashboard/account');
  await expect(tab.locator('#app-shell')).toHaveCount(0);
  await expect(tab.getByRole('heading', { level: 1, name: 'Account Settings' })).toHaveCount(1);
  await expect(tab.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
  await expect(tab.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeEnabled();
});

test("a screen's first calls start with the page, beside its code, and are each made once", async ({
  page,
}) => {
  await signInNewCustomer(page, 'early');

  // A first visit in a new tab: the frame's early-data.js asks before the app's entry is requested.
  const tab = await page.context().newPage();
  const requested: string[] = [];
  tab.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await tab.goto('/dashboard/account');
  await expect(tab.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
  const entry = requested.findIndex((p) => /^\/assets\/index-[\w-]+\.js$/.test(p));
  expect(entry).toBeGreaterThan(-1);
  for (const call of ['/api/v1/customers/me', '/api/v1/account/consents']) {
    expect(requested.indexOf(call), `${call} before the entry script`).toBeLessThan(entry);
    expect(
      requested.filter((p) => p === call),
      `${call} asked once`,
    ).toHaveLength(1);
  }
  // The sign-in settings come with the page too (a preload the app's own request takes).
  expect(requested.indexOf('/config.json')).toBeLessThan(entry);
  expect(requested.filter((p) => p === '/config.json')).toHaveLength(1);
});

test('a signed-out visitor is sent from the frame to the sign-in page', async ({ page }) => {
  const api: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) api.push(r.url());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page).toHaveURL(/\/oidc\//);
  // Without a stored sign-in the frame asks the API nothing.
  expect(api).toEqual([]);
});

/** The stored session's access token and the seconds it has left (oidc-client-ts's localStorage entry). */
function storedToken(page: Page): Promise<{ token: string; left: number }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    if (!key) throw new Error('no stored session');
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as {
      access_token: string;
      expires_at: number;
    };
    return { token: user.access_token, left: user.expires_at - Date.now() / 1000 };
  });
}

/** Ten minutes later (the access token's life): the stored session's token has ended. Its token. */
function endStoredToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    if (!key) throw new Error('no stored session');
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as {
      access_token: string;
      expires_at: number;
    };
    user.expires_at = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(key, JSON.stringify(user));
    return user.access_token;
  });
}

test('a customer back after their access token ended opens the page signed in, not through the sign-in page', async ({
  page,
}) => {
  await signInNewCustomer(page, 'ended');
  // Ten minutes later (the access token's life): the stored session's token has ended.
  const before = await endStoredToken(page);

  const tab = await page.context().newPage();
  const visited: string[] = [];
  tab.on('framenavigated', (f) => {
    if (f === tab.mainFrame()) visited.push(new URL(f.url()).pathname);
  });
  await tab.goto('/dashboard/account');
  await expect(tab.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
  // Renewed with the refresh token where it was: never the provider's pages, never the callback.
  expect(visited.filter((p) => p !== '/dashboard/account')).toEqual([]);
  const after = await storedToken(tab);
  expect(after.token).not.toBe(before);
  expect(after.left).toBeGreaterThan(60);
});

test('an open tab whose access token ended renews it before its next call, and its pages load', async ({
  page,
}) => {
  await signInNewCustomer(page, 'asleep');
  await page.getByRole('button', { name: 'I will do this later' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cards' })).toBeVisible();
  // The tab's own renewal could not run (a laptop asleep, offline): its token has ended.
  const before = await endStoredToken(page);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) refused.push(new URL(r.url()).pathname);
  });
  // On to the account page in the app (no reload): its notification preferences are a new call.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/dashboard/account/notifications');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const account = new AccountSecurityPage(page);
  await expect(account.master('Email')).toBeChecked();
  await expect(page.getByText('Could not load your notification preferences')).toHaveCount(0);
  expect(refused).toEqual([]);
  expect((await storedToken(page)).token).not.toBe(before);
});

test("a subscribed customer's dashboard arrives with their first screen in its HTML, until Logout", async ({
  browser,
  page,
  baseURL,
}) => {
  const { email } = await seedSubscribedCustomer(browser, String(baseURL));
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, 'a-strong-passphrase-1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();

  // The document itself (the context's cookies): the customer's cards and what happens next, as
  // the app shows them, in the frame; a phone's request gets the phone's carousel.
  const asked = await page.request.get('/dashboard', { headers: { 'sec-ch-ua-mobile': '?1' } });
  expect(asked.headers()['cache-control']).toBe('no-store');
  const html = await asked.text();
  const shell = html.slice(html.indexOf('<div id="app-shell">'), html.indexOf('<div id="root"></div>'));
  expect(shell).toMatch(/on each of Visa •••• 1111 and Mastercard •••• 4444/);
  expect(shell).toContain('Slide 1 of');

  // Before any script, on a phone: the first screen is what shows (no loader), nothing in it can be
  // pressed or focused yet, and a screen reader hears that the page is loading.
  const phone = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  await phone.addCookies(await page.context().cookies());
  const before = await phone.newPage();
  await before.goto('/dashboard');
  await expect(before.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(before.getByText(/on each of Visa •••• 1111 and Mastercard •••• 4444/)).toBeVisible();
  await expect(before.locator('.mantine-Loader-root')).toHaveCount(0);
  await expect(before.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(1);
  // Its buttons are there to be seen, inert (Playwright's roles do not know inert: the DOM does).
  expect(
    await before.evaluate(() =>
      [...document.querySelectorAll('#app-shell button')].map((b) => b.closest('[inert]') !== null),
    ),
  ).toEqual(expect.arrayContaining([true]));
  expect(
    await before.evaluate(() =>
      [...document.querySelectorAll('#app-shell button, #app-shell a')].every((b) => b.closest('[inert]')),
    ),
  ).toBe(true);
  await before.keyboard.press('Tab');
  expect(await before.evaluate(() => document.activeElement?.closest('#app-shell') ?? null)).toBeNull();
  await phone.close();

  // The checkout too (from 'Continue to Payment', its plan in the query): a plan already paid for.
  const checkout = await (await page.request.get('/dashboard/checkout?plan=semi-annual')).text();
  const checkoutShell = checkout.slice(
    checkout.indexOf('<div id="app-shell">'),
    checkout.indexOf('<div id="root"></div>'),
  );
  expect(checkoutShell).toContain('You already have a plan');

  // In a new tab the first screen is there before the app, which then takes its place: one page.
  // No placeholders in between: when the frame goes, the cards and Upcoming are there (they blinked
  // away to grey blocks and back, a walk at 390 px).
  const tab = await page.context().newPage();
  await tab.addInitScript(() => {
    const seen = window as unknown as { revealedWith?: string[] };
    const watch = new MutationObserver(() => {
      if (document.getElementById('app-shell') || !document.getElementById('root')?.childElementCount) return;
      seen.revealedWith = [...document.querySelectorAll('#root [aria-label]')]
        .map((e) => e.getAttribute('aria-label') ?? '')
        .filter((label) => label.startsWith('Loading'));
      watch.disconnect();
    });
    watch.observe(document, { childList: true, subtree: true });
  });
  const asks: string[] = [];
  tab.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) asks.push(url.pathname + url.search);
  });
  await tab.goto('/dashboard');
  await expect(tab.locator('#app-shell')).toHaveCount(0);
  expect(await tab.evaluate(() => (window as unknown as { revealedWith?: string[] }).revealedWith)).toEqual(
    [],
  );
  await expect(tab.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(1);
  await expect(tab.getByRole('heading', { name: 'Upcoming' })).toHaveCount(1);
  await expect(tab.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeEnabled();
  await expect(tab.getByRole('heading', { name: 'Your progress' })).toBeVisible();
  // What the server rendered the screen from came in the document: the browser asks only the rest,
  // once each (the progress section, mounted later, reads the Upcoming it was given).
  const given = [
    '/api/v1/customers/me',
    '/api/v1/subscriptions/me',
    '/api/v1/cards',
    '/api/v1/subscriptions/me/upcoming',
  ];
  for (const call of given) expect(asks, `${call} came with the page`).not.toContain(call);
  expect(asks).toContain('/api/v1/progress');
  expect(new Set(asks).size, `each asked once: ${asks.join(', ')}`).toBe(asks.length);
  await tab.close();

  // Logout takes the pages' copy of the token with the rest: the frame again, nothing personal.
  await signOut(page);
  const after = await (await page.request.get('/dashboard')).text();
  expect(after).toContain('Loading…');
  expect(after).not.toContain('Upcoming');
  expect(await (await page.request.get('/dashboard/checkout?plan=semi-annual')).text()).not.toContain(
    'You already have a plan',
  );
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('pria_doc_token');
});

test("a screen's first commit is not redone at once: Mantine's ids stay React's (issue 43)", async ({
  page,
}) => {
  await signInNewCustomer(page, 'ids');

  const tab = await page.context().newPage();
  await tab.goto('/dashboard/account');
  const field = tab.getByRole('textbox').first();
  await expect(field).toBeVisible();
  // Mantine's own hook replaced React's id with a random one (letters and digits) in a layout effect,
  // an urgent update that made React run every effect of the first commit in the same long task
  // (src/app/mantine-use-id.ts). React's id has characters a random one never has.
  const id = await field.getAttribute('id');
  expect(id).toMatch(/^mantine-.*[^a-z0-9-]/);
  await tab.waitForTimeout(500);
  expect(await field.getAttribute('id')).toBe(id);
  // The label still names the field by that id.
  await expect(tab.locator(`label[for="${id}"]`)).toHaveCount(1);
});
