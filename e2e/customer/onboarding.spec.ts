import { expect, test } from '@playwright/test';
import { runCli } from '../fixtures/cli.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { snap } from '../fixtures/snap.ts';
import { planRadio } from './pages/choice-radios.ts';
import { DashboardPage } from './pages/dashboard-page.ts';
import { OnboardingPage } from './pages/onboarding-page.ts';
import { signUpNewCustomer } from './pages/sign-up.ts';
import { profile, testCards } from './pages/test-cards.ts';
import { expectToast } from './pages/toasts.ts';

test('a new customer signs up, completes onboarding and sees cards and the first charge', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpNewCustomer(page, 'onboard');
  const onboarding = new OnboardingPage(page);
  await onboarding.expectWelcome();
  await snap(page, '1280-onboarding-welcome');
  await onboarding.getStarted();

  await onboarding.fillProfile();
  // A wide screen shows the steps' names in the stepper itself: no line repeats the current one.
  await expect(page.locator('[aria-current="step"]').getByText('Profile', { exact: true })).toBeVisible();
  await expect(page.getByText('Step 1 of 4: Profile')).toHaveCount(0);
  await snap(page, '1280-onboarding-profile');
  await onboarding.saveProfile();

  // 'Continue' without a card is refused with the spec's words.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'At least one card is required' })).toBeVisible();

  // A declined card shows the bank's reason and is not added.
  await onboarding.addCard(testCards.declined);
  await expectToast(page, 'Your card was declined.');
  await onboarding.expectCardCount(0);

  // One way back at a time, with one word (issue 40: "Previous" and "Back" side by side): on the
  // billing step the form's Back returns to the card details; there, the step's Back to the profile.
  const backs = page.getByRole('button', { name: /^(Back|Previous)$/ });
  await expect(backs).toHaveCount(1);
  await expect(onboarding.cardForm.root.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
  await onboarding.cardForm.previous('Back');
  await expect(onboarding.cardForm.root.getByText('Step 1 of 2: Card details')).toBeVisible();
  await expect(backs).toHaveCount(1);
  await expect(onboarding.cardForm.root.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await onboarding.cardForm.root.getByLabel('Card number').fill(testCards.visa);
  // A 1- or 2-digit CVC is refused on the card details, before anything is sent.
  for (const short of ['1', '12']) {
    await onboarding.cardForm.root.getByLabel('CVC').fill(short);
    await onboarding.cardForm.root.getByRole('button', { name: 'Next' }).click();
    await expect(onboarding.cardForm.root.getByText('Invalid CVC')).toBeVisible();
    await expect(onboarding.cardForm.root.getByText('Step 1 of 2: Card details')).toBeVisible();
  }
  await onboarding.cardForm.root.getByLabel('CVC').fill('123');
  await onboarding.cardForm.next();
  await onboarding.cardForm.root.getByRole('button', { name: 'Add Card' }).click();
  await expectToast(page, 'Card added successfully');
  await onboarding.expectCardCount(1);

  await onboarding.addCard(testCards.mastercard);
  await onboarding.expectCardCount(2);
  // A new card's X removes it, confirmed first; the keyboard then goes to the list's heading, not
  // to the page (the X went with its card). The card is added again for the rest of the way.
  await page.getByRole('button', { name: 'Remove card ending 4444' }).press('Enter');
  await page
    .getByRole('dialog', { name: 'Remove Mastercard •••• 4444?' })
    .getByRole('button', { name: 'Remove Mastercard •••• 4444' })
    .click();
  await onboarding.expectCardCount(1);
  await expect(page.getByRole('heading', { name: /^Your cards/ })).toBeFocused();
  await onboarding.addCard(testCards.mastercard);
  await onboarding.expectCardCount(2);
  await snap(page, '1280-onboarding-cards');
  await onboarding.continueFromCards();

  await snap(page, '1280-onboarding-plan');
  await onboarding.continueWithPreselectedPlan('Semi-Annual');
  await page.getByRole('radio', { name: 'Choose existing card' }).check();
  await snap(page, '1280-checkout');
  await expect(page.getByText('$38.97', { exact: true })).toBeVisible();
  await expect(page.getByText('including taxes', { exact: true })).toBeVisible();
  await onboarding.checkoutWithExistingCard('1111');

  const dashboard = new DashboardPage(page);
  await dashboard.expectLoaded();
  await expect(dashboard.cardTiles()).toHaveCount(2);
  await expect(page.getByRole('article', { name: 'Visa card ending 1111' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Mastercard card ending 4444' })).toBeVisible();
  await dashboard.expectActivityRow(/Visa •••• 1111.*Semi-Annual plan.*\$38\.97/);
  await snap(page, '1280-dashboard');
  await page.goto('/dashboard/account');
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toBeVisible();
  await snap(page, '1280-account');
});

test("each step is a page of the browser's history: a reload, Back and Forward keep the customer's place", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `steps-${Date.now()}@example.com`;
  runCli(['user:create', '--email', email, '--password', 'steps-passphrase-1']);
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, 'steps-passphrase-1');
  const onboarding = new OnboardingPage(page);
  await onboarding.expectWelcome();
  await onboarding.getStarted();
  await onboarding.fillProfile();
  await onboarding.saveProfile();
  await onboarding.addCard(testCards.visa);
  await onboarding.expectCardCount(1);

  // A reload stays on the cards step (it went back to the welcome screen).
  await page.reload();
  await onboarding.expectCardCount(1);
  // The browser's Back: the profile step, as saved; Forward: the cards again.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(profile.firstName);
  await page.goForward();
  await onboarding.expectCardCount(1);
  // Back past the first step: the welcome screen, which continues where the customer left off.
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Welcome to Pria' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue where you left off' }).click();
  await onboarding.expectCardCount(1);

  // A step not reached yet cannot be opened from the address: the checkout is the cards step here.
  await page.goto('/onboarding?step=3');
  await onboarding.expectCardCount(1);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toHaveCount(0);

  // The plan picked before Continue survives a reload (it went back to the preselected one).
  await onboarding.continueFromCards();
  await expect(planRadio(page, 'Semi-Annual')).toBeChecked();
  await planRadio(page, 'Annual').click();
  await expect(planRadio(page, 'Annual')).toBeChecked();
  await page.reload();
  await expect(planRadio(page, 'Annual')).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Order summary' }).getByText('Annual', { exact: true }),
  ).toBeVisible();
});
