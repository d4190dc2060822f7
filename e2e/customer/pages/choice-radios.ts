import type { Locator, Page } from '@playwright/test';

/**
 * The plan and saved-card choices are named by all they show (WCAG 2.5.3 Label in Name): a plan's
 * name begins "Annual, $5.50 / month …", a saved card's "Visa •••• 1111 12/30".
 */
export const planRadio = (scope: Page | Locator, plan: string) =>
  scope.getByRole('radio', { name: new RegExp(`^${plan}\\b`) });

export const savedCardRadio = (scope: Page | Locator, lastFour: string) =>
  scope.getByRole('radio', { name: new RegExp(`•••• ${lastFour}\\b`) });
