import type { Locator, Page } from '@playwright/test';

export class ContactPage {
  readonly page: Page;
  readonly topic: Locator;
  readonly email: Locator;
  readonly message: Locator;
  readonly send: Locator;

  constructor(page: Page) {
    this.page = page;
    this.topic = page.getByRole('textbox', { name: 'Topic' });
    this.email = page.getByRole('textbox', { name: 'Email' });
    this.message = page.getByRole('textbox', { name: 'Message' });
    this.send = page.getByRole('button', { name: 'Send Message' });
  }

  async open() {
    await this.page.goto('/contact');
  }

  /** The chip a person clicks: its visible label (the radio input itself is visually hidden). */
  topicChip(name: string): Locator {
    return this.page.getByRole('group', { name: 'Choose a topic' }).getByText(name, { exact: true });
  }
}
