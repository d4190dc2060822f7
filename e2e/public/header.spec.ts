import { expect, test } from '@playwright/test';
import { PublicHeader } from './pages/public-header.ts';

test.describe('public header on a phone (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the hamburger opens a drawer with the links, locks scrolling, and a link navigates and closes it', async ({
    page,
  }) => {
    await page.goto('/');
    const header = new PublicHeader(page);
    await expect(header.menuButton).toBeVisible();
    await expect(header.banner.getByRole('link', { name: 'About' })).toBeHidden();

    await header.openMenu();
    for (const name of ['About', 'FAQ', 'Contact']) await expect(header.drawerLink(name)).toBeVisible();
    await expect(header.drawer.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(header.drawer.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect.poll(() => header.isPageScrollLocked()).toBe(true);

    await header.drawerLink('FAQ').click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(header.drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await expect.poll(() => header.isPageScrollLocked()).toBe(false);
  });

  test('a tap on the hamburger before the app has started opens the menu once it has', async ({ page }) => {
    // Hold the app's entry back (start-after-paint.js requests it after the first paint).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entryRequested = false;
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      entryRequested = true;
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => entryRequested).toBe(true);
    const header = new PublicHeader(page);
    await header.menuButton.click();
    await expect(header.drawer).toBeHidden();

    release();
    await expect(header.drawer).toBeVisible();
    await expect(header.drawerLink('FAQ')).toBeVisible();
    // Kept once: closed, it stays closed, and the button works as usual from then on.
    await header.drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(header.drawer).toBeHidden();
    await header.openMenu();
  });
});

test.describe('public header on a desktop (1280px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the links inline and no hamburger', async ({ page }) => {
    await page.goto('/');
    const header = new PublicHeader(page);
    await expect(header.menuButton).toBeHidden();
    for (const name of ['About', 'FAQ', 'Contact']) {
      await expect(header.banner.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(header.banner.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(header.banner.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  });

  test('draws its shadow once the page is scrolled and drops it back at the top', async ({ page }) => {
    await page.goto('/');
    const header = new PublicHeader(page);
    await expect(header.banner).not.toHaveAttribute('data-scrolled');
    await page.mouse.wheel(0, 600);
    await expect(header.banner).toHaveAttribute('data-scrolled');
    await page.mouse.wheel(0, -2000);
    await expect(header.banner).not.toHaveAttribute('data-scrolled');
  });
});
