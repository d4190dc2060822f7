import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { seedCustomer, signInSeeded } from '../journeys/support/seed.ts';
import { snap } from '../journeys/support/viewport.ts';
import { CardForm } from './pages/card-form.ts';
import { testCards } from './pages/test-cards.ts';

/**
 * The customer area's overlays on the platform (ADR 90): the account menu as a menu button, dialogs
 * as modal <dialog>s that give the focus back, a toast shown while a dialog is open drawn in the
 * dialog (a modal dialog makes the rest of the page inert), tooltips, and the phone's side menu.
 */

const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const holdsFocus = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement));
/** A customer on the Semi-Annual plan with one Visa, as every test here starts. */
const subscribedWithAVisa = async (browser: Browser, baseURL: string | undefined, prefix: string) =>
  (await seedCustomer(browser, baseURL ?? '', { prefix, cards: [testCards.visa], plan: 'semi-annual' }))
    .email;
const pageScrolls = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).overflowY !== 'hidden');

test.describe('at 1280 px, with a mouse and the keyboard', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the account menu, a dialog, a toast over it and a tooltip', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const email = await subscribedWithAVisa(browser, baseURL, 'overlays-1280');
    await signInSeeded(page, email);

    // The account menu from the keyboard: ArrowDown opens it on its first item, the arrow keys and
    // End move (and wrap), Escape closes it and gives the focus back to its button.
    const accountButton = page.getByRole('banner').locator('button[aria-haspopup="menu"]');
    await expect(accountButton).toHaveAttribute('aria-expanded', 'false');
    // Named by the name it shows; the initials beside it are not read out too.
    await expect(accountButton).toHaveAccessibleName('Ann Lee');
    await accountButton.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(accountButton).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => hasFocus(menu.getByRole('menuitem', { name: 'Account Settings' }))).toBe(true);
    await page.keyboard.press('End');
    await expect.poll(() => hasFocus(menu.getByRole('menuitem', { name: 'Logout' }))).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hasFocus(menu.getByRole('menuitem', { name: 'Account Settings' }))).toBe(true);
    // Under its button and inside the window.
    const [buttonBox, menuBox] = [await accountButton.boundingBox(), await menu.boundingBox()];
    expect(menuBox && buttonBox && menuBox.y >= buttonBox.y + buttonBox.height).toBe(true);
    expect(menuBox && menuBox.x + menuBox.width <= 1280).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect.poll(() => hasFocus(accountButton)).toBe(true);

    // A click outside closes it; Support from it opens its dialog, which holds the focus, keeps the
    // page from scrolling and gives the focus back to the menu's button on Escape.
    await accountButton.click();
    await expect(menu).toBeVisible();
    await page.getByRole('heading', { name: 'Dashboard' }).click();
    await expect(menu).toBeHidden();
    await accountButton.click();
    await menu.getByRole('menuitem', { name: 'Support' }).click();
    const support = page.getByRole('dialog', { name: 'Support' });
    await expect(support).toBeVisible();
    await expect.poll(() => holdsFocus(support)).toBe(true);
    expect(await pageScrolls(page)).toBe(false);
    await page.keyboard.press('Escape');
    await expect(support).toBeHidden();
    await expect.poll(() => hasFocus(accountButton)).toBe(true);
    expect(await pageScrolls(page)).toBe(true);
    // Again, and closed with its X: the focus goes back every time (the walk: only the first).
    await accountButton.click();
    await menu.getByRole('menuitem', { name: 'Support' }).click();
    await expect(support).toBeVisible();
    await support.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(support).toBeHidden();
    await expect.poll(() => hasFocus(accountButton)).toBe(true);

    // A declined card: the toast shows in the dialog, above its backdrop, and its close button
    // works; Escape does not throw away the typed card, its X does, and the focus goes back.
    const addCard = page.getByRole('button', { name: '+ Add new Card' });
    await addCard.click();
    const modal = page.getByRole('dialog', { name: 'Add your Credit Card' });
    const form = new CardForm(page, modal);
    await form.fillDetails(testCards.declined);
    await form.next();
    await form.root.getByRole('button', { name: 'Add Card' }).click();
    const toast = modal.locator('.mantine-Notification-root').filter({ hasText: 'Your card was declined.' });
    await expect(toast).toBeVisible();
    // Under the 64 px header, not over its account menu.
    expect((await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(64);
    await snap(page, '1280-overlays-toast-in-dialog');
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect.poll(() => hasFocus(addCard)).toBe(true);

    // A confirmation starts on Cancel, the least harmful, and gives the focus back.
    await page.goto('/dashboard/account/security');
    const signOutEverywhere = page.getByRole('button', { name: 'Sign out everywhere' });
    await signOutEverywhere.click();
    const confirm = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await expect.poll(() => hasFocus(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect.poll(() => hasFocus(signOutEverywhere)).toBe(true);
    await page.goto('/dashboard');

    // The card's pencil names itself under the mouse.
    await page.getByRole('button', { name: 'Edit card ending 1111' }).hover();
    const tip = page.getByRole('tooltip').filter({ hasText: 'Edit card' });
    await expect(tip).toBeVisible();
    await page.mouse.move(5, 795);
    await expect(tip).toBeHidden();
  });
});

test.describe('a toast and a dialog', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a toast keeps its time while a dialog opens over it and closes (it is redrawn in the dialog)', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const email = await subscribedWithAVisa(browser, baseURL, 'overlays-toast');
    await page.clock.install();
    await signInSeeded(page, email);
    await page.goto('/dashboard/account/notifications');
    const payments = page
      .locator('section#account-notifications')
      .getByRole('checkbox', { name: /^Payments/ })
      .first();
    await expect(payments).toBeVisible();
    // Support's code is loaded once first (it loads when it first opens).
    const accountButton = page.getByRole('banner').locator('button[aria-haspopup="menu"]');
    const support = page.getByRole('dialog', { name: 'Support' });
    await accountButton.click();
    await page.getByRole('menuitem', { name: 'Support' }).click();
    await expect(support).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(support).toBeHidden();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await payments.click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Updated Successfully' });
    await expect(toast).toBeVisible();
    // 1.5 s in, Support opens over it (the toast is drawn in the dialog); 1 s later it closes. From
    // the keyboard, and the mouse away: a mouse resting on a toast holds it open, as it should.
    await page.mouse.move(5, 795);
    await page.clock.runFor(1500);
    await accountButton.focus();
    // Two keys at once: the second moves from the first item (it went to the button before).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hasFocus(page.getByRole('menuitem', { name: 'Support' }))).toBe(true);
    await page.keyboard.press('Enter');
    await expect(support.locator('.mantine-Notification-root')).toBeVisible();
    await page.clock.runFor(1000);
    await page.keyboard.press('Escape');
    await expect(support).toBeHidden();
    await expect(toast).toBeVisible();
    // Its 3 s are up: gone, not started again by each move.
    await page.clock.runFor(700);
    await expect(toast).toBeHidden();
  });
});

test.describe('at 390 px, by touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the side menu slides in, and Escape, a tap beside it or a link close it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const email = await subscribedWithAVisa(browser, baseURL, 'overlays-390');
    await signInSeeded(page, email);
    const open = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });

    await open.click();
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box && box.x === 0 && box.width <= 300).toBe(true);
    await snap(page, '390-overlays-side-menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect.poll(() => hasFocus(open)).toBe(true);

    // A tap on the dimmed page beside the menu.
    await open.click();
    await expect(menu).toBeVisible();
    await page.touchscreen.tap(360, 420);
    await expect(menu).toBeHidden();

    // A link goes there and closes the menu.
    await open.click();
    await menu.getByRole('link', { name: 'Security' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/account\/security$/);
  });
});
