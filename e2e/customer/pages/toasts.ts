import { expect, type Locator, type Page } from '@playwright/test';

/** Mantine notifications: the spec's toasts. */
export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();
}

/**
 * Clicks `target` once no toast lies over it. On a phone the toasts show at the bottom, over a
 * page's last buttons (the onboarding's Continue) for their 3-5 s; a click made then is taken by
 * the toast, and Playwright's retries rest the pointer on it, which pauses its closing for good
 * (Mantine keeps every toast while one is hovered: the a11y phone run hung there for 157 s). A
 * phone has no pointer resting anywhere: the mouse is moved off the page's content first (the last
 * click, an "Add Card" at the bottom of the screen, left it where the next toast showed, and both
 * toasts stayed), then this waits for the toasts to go, as a person waits to tap again.
 */
export async function clickClearOfToasts(target: Locator) {
  await target.page().mouse.move(0, 0);
  await target.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      target.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
    )
    .toBe(true);
  await target.click();
}
