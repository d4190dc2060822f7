/// <reference lib="dom" />
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, expect, type Page, test } from '@playwright/test';
import { signUpNewCustomer } from '../customer/pages/sign-up.ts';

// These specs are about the service worker: allow it (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' });

/** Waits until a service worker controls the page (the first visit installs it, then it claims on reload). */
async function controlledBy(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

test('the app is installable: manifest on every kind of page, icons, no installability errors', async ({
  request,
  baseURL,
  launchOptions,
}) => {
  // Chromium never offers to install from an incognito window, which every Playwright context is:
  // this check needs a profile of its own.
  const profile = mkdtempSync(path.join(tmpdir(), 'pria-pwa-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining('Pria'),
    short_name: 'Pria',
    display: 'standalone',
    start_url: expect.stringMatching(/^\/dashboard/),
    theme_color: '#0b1f3a',
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['192x192', 'maskable'],
    ['512x512', 'maskable'],
  ]) {
    const icon = icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const res = await request.get(icon?.src ?? '');
    expect(res.headers()['content-type']).toBe('image/png');
  }

  // Linked from the prerendered landing, a signed-in screen's frame, the SPA shell and sign-in pages.
  for (const path of ['/', '/dashboard', '/dashboard/account/security', '/about', '/oidc/auth']) {
    const html = await (await request.get(path, { maxRedirects: 5 })).text();
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  }
});

test('offline, a page shows the branded offline page; nothing from the API is ever stored', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUpNewCustomer(page, 'offline');
  await page.goto('/dashboard/account');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await controlledBy(page);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

  // Online, a signed-in screen opens from this device (its frame, kept by the worker) and the app
  // only asks the API; a page that is not a signed-in screen still comes from the server.
  const askedByWorker: string[] = [];
  context.on('request', (r) => {
    if (r.serviceWorker()) askedByWorker.push(new URL(r.url()).pathname);
  });
  const framed = await page.goto('/dashboard/account/security');
  expect(framed?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Security' })).toBeVisible();
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(askedByWorker).toContain('/about');
  expect(askedByWorker).not.toContain('/dashboard/account/security');

  await context.setOffline(true);
  // The worker learns it is offline a moment later (its navigator.onLine): a navigation in between
  // still opens the screen's kept frame, as online (CI saw it once). Offline is what is tested here.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await expect.poll(() => worker?.evaluate(() => self.navigator.onLine)).toBe(false);
  await page.goto('/dashboard/account/notifications').catch(() => undefined);
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page).toHaveTitle("You're offline | Pria");

  // What the worker stored: the build's files only, never an API answer, sign-in page or config.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/offline.html');
  expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((u) => /^\/(api|oidc|dev|gateway)\b|^\/config\.json|^\/dashboard/.test(u))).toEqual(
    [],
  );

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/account\/notifications$/);
});

test('the dashboard offers the install once; iPhones get the Add to Home Screen steps', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await signUpNewCustomer(page, 'install');
  await page.getByRole('button', { name: 'I will do this later' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // No offer until the browser makes one (register-sw.js keeps Chromium's beforeinstallprompt).
  await expect(page.getByRole('heading', { name: 'Get the Pria app' })).toHaveCount(0);
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await expect(page.getByRole('heading', { name: 'Get the Pria app' })).toBeVisible();
  // Last on the page: an offer the browser makes after the rest painted pushes nothing down the screen.
  const top = async (box: Promise<{ y: number } | null>) => (await box)?.y ?? Number.NaN;
  const activity = page.getByRole('heading', { name: 'Activity', exact: true });
  expect(await top(page.getByRole('heading', { name: 'Get the Pria app' }).boundingBox())).toBeGreaterThan(
    await top(activity.boundingBox()),
  );
  await page.getByRole('button', { name: 'Install Pria' }).click();
  await expect(page.getByRole('heading', { name: 'Get the Pria app' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  // Answered once: never offered again on this device, even when the browser offers again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('beforeinstallprompt')));
  await expect(page.getByRole('heading', { name: 'Get the Pria app' })).toHaveCount(0);

  const iphone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const phone = await iphone.newPage();
  await phone.goto('/login');
  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Password', { exact: true }).fill(password);
  await phone.getByRole('button', { name: 'Log in' }).click();
  await phone.getByRole('button', { name: 'I will do this later' }).click();
  await expect(phone.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Get the Pria app' })).toBeVisible();
  await expect(phone.getByText('Add to Home Screen')).toBeVisible();
  await phone.getByRole('button', { name: 'Not now' }).click();
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Get the Pria app' })).toHaveCount(0);
  await iphone.close();
});

test('a new release waiting to take over is announced, and Reload switches to it', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpNewCustomer(page, 'update');
  await page.getByRole('button', { name: 'I will do this later' }).click();
  const first = await controlledBy(page);
  expect(first).toMatch(/\/sw\.js$/);
  // A new release, as a deploy would serve it: the worker's file (and its compressed copies) with
  // different bytes. Put back afterwards; the rest of the suite blocks service workers anyway.
  const release = await deploy('\n// next release\n');
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.getByText('A new version of Pria is ready.')).toBeVisible();
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(false);
  } finally {
    release.restore();
  }
});

/** Appends to the built worker (dist/sw.js, .br, .gz) what a new release would change; restore() undoes it. */
async function deploy(extra: string) {
  const dist = path.resolve('apps/web/dist');
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((f) => path.join(dist, f));
  const before = files.map((f) => (existsSync(f) ? readFileSync(f) : undefined));
  const next = Buffer.concat([readFileSync(files[0] as string), Buffer.from(extra)]);
  writeFileSync(files[0] as string, next);
  if (before[1]) writeFileSync(files[1] as string, brotliCompressSync(next));
  if (before[2]) writeFileSync(files[2] as string, gzipSync(next));
  return {
    restore() {
      files.forEach((f, i) => {
        const content = before[i];
        if (content) writeFileSync(f, content);
      });
    },
  };
}
