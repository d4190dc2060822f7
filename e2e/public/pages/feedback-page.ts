import { expect, type Locator, type Page } from '@playwright/test';

/** /feedback: the stars (a radio group), the message and Rate Now. */
export class FeedbackPage {
  readonly page: Page;
  readonly stars: Locator;
  readonly message: Locator;
  readonly rateNow: Locator;

  constructor(page: Page) {
    this.page = page;
    this.stars = page.getByRole('radiogroup', { name: 'How was your experience?' });
    this.message = page.getByPlaceholder('Leave a message if you want');
    this.rateNow = page.getByRole('button', { name: 'Rate Now' });
  }

  async open() {
    await this.page.goto('/feedback');
  }

  /** A star's radio button, by its own name ("1 star", "4 stars"). */
  star(n: number): Locator {
    return this.stars.getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars`, exact: true });
  }

  /** What a person clicks: the star drawn for the radio button (its label; the radio is out of sight). */
  async pick(n: number) {
    await this.star(n).locator('xpath=..').click();
  }

  /** The colour a star is drawn in (filled or empty). */
  fill(n: number): Promise<string> {
    return this.star(n)
      .locator('xpath=..')
      .locator('svg')
      .evaluate((svg) => getComputedStyle(svg).fill);
  }

  /** The app has taken the form over (before-app.ts marks it): what happens now is the app's doing. */
  async expectTheAppHasTheForm() {
    await expect(this.page.locator('[data-app-on-use][data-app-adopted]')).toBeAttached();
  }
}
