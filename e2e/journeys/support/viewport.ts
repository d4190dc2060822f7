import { expect, type Page } from '@playwright/test';

/** Every journey is walked on a desktop and on a phone. */
export const widths = [1280, 390] as const;
export type Width = (typeof widths)[number];

export async function atWidth(page: Page, width: Width) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
}

/** Nothing wider than the screen (the page never scrolls sideways). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(1);
}

/**
 * Screenshots of each journey's screens for review (under .tmp, never committed). Transitions
 * are run to their end first: a dialog was pictured half faded in.
 */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/journeys/${name}.png`, fullPage: true, animations: 'disabled' });
}
