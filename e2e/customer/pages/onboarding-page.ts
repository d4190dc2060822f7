import { expect, type Page } from '@playwright/test';
import { CardForm } from './card-form.ts';
import { planRadio, savedCardRadio } from './choice-radios.ts';
import { profile } from './test-cards.ts';
import { clickClearOfToasts, expectToast } from './toasts.ts';

export class OnboardingPage {
  readonly cardForm: CardForm;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.cardForm = new CardForm(page);
  }

  async expectWelcome() {
    await expect(this.page).toHaveURL(/\/onboarding$/);
    await expect(this.page.getByRole('heading', { name: 'Welcome to Pria' })).toBeVisible();
  }

  async getStarted() {
    await this.page.getByRole('button', { name: 'Get Started' }).click();
  }

  async fillProfile() {
    const p = this.page;
    await expect(p.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await p.getByLabel('First name').fill(profile.firstName);
    await p.getByLabel('Last name').fill(profile.lastName);
    await p.getByLabel('Phone number').fill(profile.phone);
    await p.getByRole('textbox', { name: 'Street', exact: true }).fill(profile.street);
    await p.getByRole('textbox', { name: 'City' }).fill(profile.city);
    // Typing the ZIP sets the state through the lookup.
    await p.getByRole('textbox', { name: 'Zip Code' }).fill(profile.zip);
    await expect(p.getByRole('combobox', { name: 'State' }).locator('option:checked')).toHaveText(
      profile.stateName,
    );
  }

  async saveProfile() {
    await this.page.getByRole('button', { name: 'Save and continue' }).click();
    await expectToast(this.page, 'Updated successfully');
    await expect(this.page.getByRole('heading', { name: 'Add your cards' })).toBeVisible();
  }

  async addCard(number: string) {
    await this.cardForm.add(number);
  }

  async expectCardCount(count: number) {
    await expect(this.page.getByRole('heading', { name: `Your cards (${count}/3)` })).toBeVisible();
    await expect(this.page.getByTestId('card-tile')).toHaveCount(count);
  }

  async continueFromCards() {
    await clickClearOfToasts(this.page.getByRole('button', { name: 'Continue' }));
    await expectToast(this.page, 'Cards Added');
    await expect(this.page.getByRole('heading', { name: 'Select a subscription' })).toBeVisible();
  }

  async continueWithPreselectedPlan(planName: string) {
    await expect(planRadio(this.page, planName)).toBeChecked();
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  }

  async checkoutWithExistingCard(lastFour: string) {
    const p = this.page;
    await p.getByRole('radio', { name: 'Choose existing card' }).check();
    await savedCardRadio(p, lastFour).check();
    await expect(p.getByLabel('CVC')).toHaveValue('***');
    await p.getByRole('button', { name: /^Pay \$\d+\.\d\d$/ }).click();
    await expectToast(p, 'Onboarding Successfully Completed');
    // The confirmation with the receipt stays until the customer moves on (issue 29).
    await expect(p.getByText('Payment received: you are subscribed')).toBeVisible();
    await p.getByRole('button', { name: 'Go to dashboard' }).click();
    await expect(p).toHaveURL(/\/dashboard$/);
  }
}
