import type { Page } from '@playwright/test';

/** Full-page screenshots of key screens for design review (kept under .tmp, never committed). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screens/${name}.png`, fullPage: true });
}
