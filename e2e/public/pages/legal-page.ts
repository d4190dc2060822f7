import type { Locator, Page } from '@playwright/test';

/** Terms and privacy policy: a numbered table of contents, then one h2 per section. */
export class LegalPage {
  readonly page: Page;
  readonly toc: Locator;
  readonly tocLinks: Locator;
  readonly sectionHeadings: Locator;

  constructor(page: Page) {
    this.page = page;
    this.toc = page.getByRole('navigation', { name: 'Table of Contents' });
    this.tocLinks = this.toc.getByRole('link');
    // Section headings are numbered "1. …", "2. …"; the contents title is not.
    this.sectionHeadings = page.getByRole('main').getByRole('heading', { level: 2, name: /^\d+\. / });
  }
}
