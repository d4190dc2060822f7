import { expect, type Page } from '@playwright/test';

/** Mantine notifications: the spec's toasts. */
export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();
}
