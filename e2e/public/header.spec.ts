import { expect, test } from '@playwright/test';
import { appAdopted, watchAdoption } from '../fixtures/app-adopted.ts';
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

  test('the hamburger opens the menu at once without the app; Close, Escape and a tap outside close it (ADR 82)', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' && new URL(r.url()).pathname.startsWith('/assets/'))
        asked.push(r.url());
    });
    await page.goto('/');
    const header = new PublicHeader(page);
    await header.openMenu();
    // The menu is the browser's modal dialog: the keyboard starts inside it.
    await expect(header.drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await header.drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(header.drawer).toBeHidden();
    // The focus goes back to the hamburger.
    await expect(header.menuButton).toBeFocused();
    await expect.poll(() => header.isPageScrollLocked()).toBe(false);

    await header.openMenu();
    await page.keyboard.press('Escape');
    await expect(header.drawer).toBeHidden();

    await header.openMenu();
    // A tap on the dimmed page beside it.
    await page.mouse.click(20, 400);
    await expect(header.drawer).toBeHidden();
    expect(asked).toEqual([]);
  });

  test('widening the window past 960px closes the menu', async ({ page }) => {
    await page.goto('/');
    const header = new PublicHeader(page);
    await header.openMenu();
    await page.setViewportSize({ width: 1280, height: 844 });
    await expect(header.drawer).toBeHidden();
    await expect.poll(() => header.isPageScrollLocked()).toBe(false);
    await expect(header.banner.getByRole('link', { name: 'About' })).toBeVisible();
  });

  test('once the app runs, a link in the menu moves inside the app and closes the menu', async ({ page }) => {
    // A logout's landing page starts the app at once (its notice is the app's).
    await watchAdoption(page);
    await page.goto('/?signed-out');
    await expect.poll(() => appAdopted(page)).toBe(true);
    await page.evaluate('window.samePage = true');
    const header = new PublicHeader(page);
    await header.openMenu();
    await header.drawerLink('About').click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About Pria' })).toBeVisible();
    await expect(header.drawer).toBeHidden();
    await expect.poll(() => header.isPageScrollLocked()).toBe(false);
    // The app's router moved, not a new document.
    expect(await page.evaluate('window.samePage')).toBe(true);
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

  test('a small scroll stays where it is: the scrolled style does not change the header height', async ({
    page,
  }) => {
    await page.goto('/');
    const header = new PublicHeader(page);
    const height = async () => (await header.banner.boundingBox())?.height;
    const before = await height();
    await page.mouse.wheel(0, 20);
    await expect(header.banner).toHaveAttribute('data-scrolled');
    // NOTE: a short wait: a header that changed height made the page bounce back and forth.
    await page.waitForTimeout(500);
    expect(await page.evaluate<number>('window.scrollY')).toBe(20);
    expect(await height()).toBe(before);
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
