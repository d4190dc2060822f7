import { expect, type Locator, type Page } from '@playwright/test';

/** Mantine notifications: the spec's toasts. */
export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();
}

/**
 * Clicks `target` once no toast lies over it. On a phone the toasts show at the bottom, over a
 * page's last buttons (the onboarding's Continue) for their 3-5 s; a click made then is taken by
 * the toast, and Playwright's retries rest the pointer on it, which pauses its closing for good
 * (Mantine keeps a hovered toast: the a11y phone run hung there for 157 s). A person taps again
 * once it has gone; so does this, without moving the pointer until then.
 */
export async function clickClearOfToasts(target: Locator) {
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
