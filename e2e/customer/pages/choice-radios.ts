import type { Locator, Page } from '@playwright/test';

/**
 * The plan choice is named by all it shows (WCAG 2.5.3 Label in Name): a plan's name begins
 * "Annual, $5.50 / month …". A saved card is named as people say it: "Visa ending 1111, expires 12/30".
 */
export const planRadio = (scope: Page | Locator, plan: string) =>
  scope.getByRole('radio', { name: new RegExp(`^${plan}\\b`) });

export const savedCardRadio = (scope: Page | Locator, lastFour: string) =>
  scope.getByRole('radio', { name: new RegExp(`ending ${lastFour}, expires \\d{2}/\\d{2}$`) });
