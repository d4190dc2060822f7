import { expect, type Locator, type Page } from '@playwright/test';
import { futureExpiry } from './test-cards.ts';

/** The two-step card form (card details, billing address), inline in onboarding or in a modal. */
export class CardForm {
  readonly root: Locator;

  constructor(page: Page, scope?: Locator) {
    this.root = (scope ?? page).getByRole('form', { name: /^(Add|Edit) card$/ });
  }

  async fillDetails(number: string, { expiry = futureExpiry(), cvc = '123' } = {}) {
    await this.root.getByLabel('Card number').fill(number);
    await this.root.getByLabel('Expiry date').fill(expiry);
    await this.root.getByLabel('CVC').fill(cvc);
  }

  async next() {
    await this.root.getByRole('button', { name: 'Next' }).click();
    await expect(this.root.getByText('Step 2 of 2: Billing address')).toBeVisible();
  }

  /** Back to the card details: 'Previous' in the modals (the spec's), 'Back' in onboarding (its one word for back). */
  async previous(label: 'Previous' | 'Back' = 'Previous') {
    await this.root.getByRole('button', { name: label, exact: true }).click();
  }

  /** Number, expiry and CVC, then the (profile-prefilled) billing address, then 'Add Card'. */
  async add(number: string) {
    await this.fillDetails(number);
    await this.next();
    await expect(this.root.getByRole('textbox', { name: 'Street 1' })).not.toHaveValue('');
    await this.root.getByRole('button', { name: 'Add Card' }).click();
  }
}
