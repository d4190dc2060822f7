import { expect, type Locator, type Page } from '@playwright/test';

/** The public site header: desktop links, or the hamburger and its drawer at 960px and below. */
export class PublicHeader {
  readonly page: Page;
  readonly banner: Locator;
  readonly menuButton: Locator;
  readonly drawer: Locator;

  constructor(page: Page) {
    this.page = page;
    this.banner = page.getByRole('banner');
    this.menuButton = page.getByRole('button', { name: 'Open menu' });
    this.drawer = page.getByRole('dialog', { name: 'Menu' });
  }

  async openMenu() {
    await this.menuButton.click();
    await expect(this.drawer).toBeVisible();
  }

  drawerLink(name: string): Locator {
    return this.drawer.getByRole('link', { name, exact: true });
  }

  /** True when the page behind the drawer cannot scroll (Mantine locks the body while the drawer is open). */
  async isPageScrollLocked(): Promise<boolean> {
    // A string expression: the e2e project compiles without the DOM library.
    return this.page.evaluate<boolean>(`(() => {
      const hidden = (el) => ['overflow', 'overflowY'].some((p) => getComputedStyle(el)[p] === 'hidden');
      return hidden(document.body) || hidden(document.documentElement) || document.body.hasAttribute('data-scroll-locked');
    })()`);
  }
}
