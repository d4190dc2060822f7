import { expect, type Page } from '@playwright/test';
import { snap as takeSnap } from '../../fixtures/snap.ts';

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

/** A screenshot of a journey's screen for review (fixtures/snap.ts), under .tmp/journeys. */
export function snap(page: Page, name: string) {
  return takeSnap(page, name, { folder: 'journeys' });
}
