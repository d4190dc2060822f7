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

  async expectActivityRow(text: string | RegExp) {
    await expect(this.activityTable().getByRole('row').filter({ hasText: text }).first()).toBeVisible();
  }
}
