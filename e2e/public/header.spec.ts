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

  test('a tap on the hamburger starts the app, which opens the menu once it runs', async ({ page }) => {
    // Hold the app's entry back (start-after-paint.js asks for it when the menu is tapped, ADR 82).
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
    await page.goto('/');
    const header = new PublicHeader(page);
    await expect(header.menuButton).toBeVisible();
    expect(entryRequested).toBe(false);
    await header.menuButton.click();
    await expect.poll(() => entryRequested).toBe(true);
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
