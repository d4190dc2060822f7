import { expect, type Page, test } from '@playwright/test';
import { runCli } from '../fixtures/cli.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';

/**
 * ADR 82: the prerendered public pages are whole without the app, which starts only when a page
 * has something for it to do. (The landing page's own cases: landing.spec.ts and header.spec.ts.)
 */
const pages = [
  { path: '/about', heading: 'About Pria', title: 'About Pria | Pria' },
  { path: '/faq', heading: 'Frequently Asked Questions', title: 'Frequently Asked Questions | Pria' },
  { path: '/policy', heading: 'Privacy Policy', title: 'Privacy Policy | Pria' },
  { path: '/terms', heading: 'PRIA TERMS OF SERVICE', title: 'PRIA TERMS OF SERVICE | Pria' },
];

/** The paths of the app's code (/assets/*.js) this page asked for. */
function appScripts(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.resourceType() === 'script' && pathname.startsWith('/assets/')) asked.push(pathname);
  });
  return asked;
}

test.describe('signed out on a phone (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each page is sent whole, with its title, and asks for none of the app', async ({ page }) => {
    const asked = appScripts(page);
    for (const p of pages) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      await expect(page).toHaveTitle(p.title);
      await expect(page.getByRole('contentinfo').getByText(/at least 18 years old/)).toBeVisible();
    }
    // NOTE: a wait to show that nothing comes (the app used to start a frame after the first paint).
    await page.waitForTimeout(2000);
    expect(asked).toEqual([]);
  });

  test("the FAQ's answers open and close without the app, one at a time, by touch and by keyboard", async ({
    page,
  }) => {
    const asked = appScripts(page);
    await page.goto('/faq');
    const first = page.getByText('Pria charges $3 per card per month.');
    const declined = page.getByText(/Pria does not retry it/);
    await expect(first).toBeVisible();
    await expect(declined).toBeHidden();

    await page.getByText('What happens if a charge is declined?').click();
    await expect(declined).toBeVisible();
    // The one open before closes: one answer at a time.
    await expect(first).toBeHidden();

    // From the keyboard: the question (its <summary>) is a tab stop; Enter opens it.
    await page.locator('summary', { hasText: 'When is the charge made?' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('summary:focus')).toHaveText('Does Pria store my card details?');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/tokeni[sz]ed/i)).toBeVisible();
    await expect(declined).toBeHidden();
    expect(asked).toEqual([]);
  });
});

test('Español picked on a page sent without the app: the same page again in Spanish, kept, without the app', async ({
  page,
  context,
}) => {
  const asked = appScripts(page);
  await page.goto('/faq');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await expect(page).toHaveURL(/\/faq$/);
  const cookie = (await context.cookies()).find((c) => c.name === 'pria_lang');
  expect(cookie?.value).toBe('es');
  // And back.
  await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  expect(asked).toEqual([]);
});

test('a signed-in customer on a public page gets the app, and its signed-in header and footer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = `public-${Date.now()}@example.com`;
  const password = 'public-passphrase-1';
  runCli(['user:create', '--email', email, '--password', password]);
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, password);
  await expect(page).toHaveURL(/\/(dashboard|onboarding)/);

  const asked = appScripts(page);
  await page.goto('/faq');
  // The stored session starts the app, which shows who is signed in (spec: the FAQ's header
  // depends on sign-in state; the footer offers Review instead of About, FAQ and Contact).
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Dashboard' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Review' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText(/at least 18 years old/)).toHaveCount(0);
  expect(asked.length).toBeGreaterThan(0);
  // The page the app adopted is the one sent: its answers still open.
  await page.getByText('What happens if a charge is declined?').click();
  await expect(page.getByText(/Pria does not retry it/)).toBeVisible();
});
