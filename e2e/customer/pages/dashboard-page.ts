import { expect, type Page } from '@playwright/test';

export class DashboardPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async expectLoaded() {
    await expect(this.page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  }

  cardTiles() {
    return this.page.getByTestId('card-tile');
  }

  activityTable() {
    return this.page.getByRole('table', { name: 'Activity' });
  }

  /** A table row on a desktop, a card of the list on a phone (issue 29). */
  async expectActivityRow(text: string | RegExp) {
    const entries = this.activityTable()
      .getByRole('row')
      .or(this.page.getByRole('list', { name: 'Activity' }).getByRole('listitem'));
    await expect(entries.filter({ hasText: text }).first()).toBeVisible();
  }
}
