import { expect, type Locator, type Page } from '@playwright/test';
import { runCli } from '../../fixtures/cli.ts';
import { HostedLogin } from '../../fixtures/hosted-login.ts';

/** A fresh staff account (CLI) signed in through the hosted page; lands on /admin. */
export async function signInAsNewAdmin(page: Page): Promise<{ email: string; password: string }> {
  const email = `staff-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  const password = 'admin-passphrase-1';
  runCli(['user:create', '--email', email, '--password', password, '--role', 'admin']);
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, password);
  await expect(page).toHaveURL(/\/admin$/);
  return { email, password };
}

type ForcedRun = 'Transaction Pay In' | 'Payout' | 'Subscription Pay In';

/** The shell: sidebar (or the right-hand drawer below 992px), forced runs and their progress. */
export class AdminShell {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  sidebar(): Locator {
    return this.page.getByRole('navigation', { name: 'Admin' });
  }

  async go(link: 'Home' | 'Client Details' | 'Logs' | 'Transactions') {
    await this.sidebar().first().getByRole('link', { name: link }).click();
  }

  forceRunButton(button: ForcedRun): Locator {
    return this.page.getByRole('button', { name: button }).first();
  }

  async forceRun(button: ForcedRun, prompt: string | RegExp) {
    await this.forceRunButton(button).click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toContainText(prompt);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  }

  runProgress(title: string): Locator {
    return this.page.getByRole('status', { name: `${title} progress` });
  }

  async expectToast(text: string) {
    await expect(
      this.page.locator('.mantine-Notification-root').filter({ hasText: text }).first(),
    ).toBeVisible();
  }
}

/** Logs' two views (the application log, the staff audit trail): WAI-ARIA tabs, each view a page. */
export class LogTabs {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  tab(name: 'Application log' | 'Staff audit trail'): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  /** The list a screen reader names "Logs". */
  list(): Locator {
    return this.page.getByRole('tablist', { name: 'Logs' });
  }
}

export class ClientsList {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Clients' });
  }

  rows(): Locator {
    return this.table().locator('tbody tr');
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Search' }).fill(text);
  }

  columnHeader(name: string): Locator {
    return this.table().getByRole('columnheader', { name });
  }

  async view(name: string) {
    await this.page.getByRole('link', { name: `View ${name}` }).click();
  }
}

export class ClientDetail {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async expectLoaded(name: string) {
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  cards(): Locator {
    return this.page.getByRole('region', { name: /Cards/ }).getByRole('article');
  }

  activity(): Locator {
    return this.page.getByRole('table', { name: 'Activity' });
  }

  logs(): Locator {
    return this.page.getByRole('table', { name: 'Logs' });
  }

  async showLogs() {
    await this.page.getByRole('radiogroup', { name: 'Show' }).getByText('Logs').click();
  }
}

export class TransactionsList {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Transactions' });
  }

  rows(): Locator {
    return this.table().locator('tbody tr');
  }

  async filterByUser(userId: string) {
    await this.page.getByLabel('User ID').fill(userId);
  }

  rowWith(text: string | RegExp): Locator {
    return this.rows().filter({ hasText: text });
  }

  columnHeader(name: string): Locator {
    return this.table().getByRole('columnheader', { name, exact: true });
  }

  /**
   * The table's horizontal overflow: the scroll and client widths of the first ancestor that clips
   * or scrolls it (Mantine's scroll container), or of the page when none does.
   */
  horizontalOverflow(): Promise<{ scrollWidth: number; clientWidth: number }> {
    return horizontalOverflow(this.table());
  }

  /** A row's detail (description, remarks, the values the row shortens), opened from the keyboard. */
  async openDetails(row: Locator): Promise<Locator> {
    await row.getByRole('button', { name: /^Details of transaction / }).press('Enter');
    const dialog = this.page.getByRole('dialog', { name: 'Transaction details' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}

/** The widths of the box that clips a table sideways (its scroll container, or the page). */
export function horizontalOverflow(table: Locator): Promise<{ scrollWidth: number; clientWidth: number }> {
  return table.evaluate((t) => {
    // No DOM globals in the e2e types: the page's document and window come from the element.
    const doc = t.ownerDocument;
    const clips = ['auto', 'scroll', 'hidden', 'clip'];
    let el = t.parentElement;
    while (el && !clips.includes(doc.defaultView?.getComputedStyle(el).overflowX ?? 'visible')) {
      el = el.parentElement;
    }
    const box = el ?? doc.scrollingElement ?? doc.documentElement;
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
  });
}
