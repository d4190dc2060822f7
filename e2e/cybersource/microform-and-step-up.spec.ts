import { expect, type Locator, type Page, test } from '@playwright/test';
import { Audit } from '../a11y/audit.ts';
import { OnboardingPage } from '../customer/pages/onboarding-page.ts';
import { signUpNewCustomer } from '../customer/pages/sign-up.ts';
import { futureExpiry } from '../customer/pages/test-cards.ts';
import { expectToast } from '../customer/pages/toasts.ts';
import { expectNoCardData } from '../fixtures/card-data-scan.ts';
import {
  cybersourceApp,
  type RunningCybersourceApp,
  startCybersourceApp,
} from '../fixtures/cybersource-app.ts';

/**
 * With PAYMENT_GATEWAY=cybersource the card number and CVC are typed into Microform's hosted
 * fields (here the stand-in's fake Microform: iframes on another origin), and the app receives
 * only the transient token. The customer adds a card as usual; no number or CVC reaches our
 * page's DOM, our tables or our log. At checkout, a card whose bank wants the customer goes
 * through our 3-D Secure step-up page to the (stand-in) issuer and back.
 */
test.use({ baseURL: cybersourceApp.baseURL });
test.describe.configure({ timeout: 180_000 });

let app: RunningCybersourceApp;
test.beforeAll(async () => {
  app = await startCybersourceApp();
});
test.afterAll(async () => {
  await app?.stop();
});

const CVC = '739';

/** The Microform field (a frame from CyberSource's origin) under our label. */
const hostedInput = (form: Locator, field: 'number' | 'securityCode') =>
  form.frameLocator(`[data-hosted-field="${field}"] iframe`).locator('input');

async function typeInto(input: ReturnType<typeof hostedInput>, text: string) {
  await input.fill('');
  await input.pressSequentially(text);
}

async function onTheCardsStep(page: Page) {
  await signUpNewCustomer(page, 'cybersource');
  const onboarding = new OnboardingPage(page);
  await onboarding.getStarted();
  await onboarding.fillProfile();
  await onboarding.saveProfile();
  return onboarding;
}

test('a card typed into Microform is added, and only its token reaches the app', async ({
  page,
}, testInfo) => {
  const audit = new Audit(page, testInfo);
  const onboarding = await onTheCardsStep(page);
  const form = onboarding.cardForm.root;
  const number = hostedInput(form, 'number');
  const cvc = hostedInput(form, 'securityCode');
  await expect(number).toBeVisible();
  await expect(cvc).toBeVisible();
  // Our page has no card-number or CVC input of its own; the frames are titled with the labels.
  await expect(form.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
  await expect(form.getByTitle('Card number')).toHaveCount(1);
  await expect(form.getByTitle('CVC')).toHaveCount(1);
  await audit.check('card form with Microform fields', 'form');

  // Nothing typed: the same words as the plain form, announced.
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Card Number is required' })).toBeVisible();
  await expect(form.getByRole('alert').filter({ hasText: 'CVC is required' })).toBeVisible();
  await audit.check('card form with Microform fields, errors shown', 'form');

  // Keyboard: Tab from the name goes into the number frame; clicking the label focuses it too.
  await form.getByLabel('Name on card').focus();
  await page.keyboard.press('Tab');
  await expect(number).toBeFocused();
  await typeInto(number, '378282246310005');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('Only Visa and Mastercard cards are accepted')).toBeVisible();

  await form.locator('label', { hasText: 'Card number' }).click();
  await expect(number).toBeFocused();
  await typeInto(number, '4111111111111111');
  await expect(form.getByRole('img', { name: 'Visa' })).toBeVisible();
  await form.getByLabel('Expiry date').fill(futureExpiry());
  await typeInto(cvc, CVC);
  await onboarding.cardForm.next();
  await expect(form.getByRole('textbox', { name: 'Street 1' })).not.toHaveValue('');
  // What the customer typed is in CyberSource's frames, never in our document. The whole
  // number is searched for, spaced or not: four digits alone also turn up in the generated
  // e-mail address (Date.now() and a random number) and made this check fail at random.
  const html = await page.content();
  expect(html).not.toContain('4111111111111111');
  expect(html).not.toContain('4111 1111 1111 1111');

  await form.getByRole('button', { name: 'Add Card' }).click();
  await expectToast(page, 'Card added successfully');
  await onboarding.expectCardCount(1);
  await expect(page.getByTestId('card-tile').filter({ hasText: '1111' })).toBeVisible();

  const registered = app.standIn.received.filter((r) => r.path === '/pts/v2/payments').at(-1)?.body;
  expect(registered?.tokenInformation?.transientTokenJwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  await expectNoCardData({
    databaseUrl: cybersourceApp.databaseUrl,
    logFile: cybersourceApp.logFile,
    numbers: ['4111 1111 1111 1111', '3782 822463 10005'],
    cvc: CVC,
  });
  await audit.expectClean();
});

test('checkout with a new card in Microform; the bank step-up goes through our page and back', async ({
  page,
  context,
}) => {
  const onboarding = await onTheCardsStep(page);
  const cardForm = onboarding.cardForm.root;
  await typeInto(hostedInput(cardForm, 'number'), '5555555555554444');
  await cardForm.getByLabel('Expiry date').fill(futureExpiry());
  await typeInto(hostedInput(cardForm, 'securityCode'), '123');
  await onboarding.cardForm.next();
  await cardForm.getByRole('button', { name: 'Add Card' }).click();
  await expectToast(page, 'Card added successfully');
  await onboarding.continueFromCards();
  await onboarding.continueWithPreselectedPlan('Semi-Annual');

  // A new card in checkout's own form, on the card whose bank asks for the customer.
  const payment = page.getByRole('form', { name: 'Payment' });
  await payment.getByRole('radio', { name: 'New Credit/Debit card' }).check();
  await payment.getByLabel('Name on card').fill('Ann Lee');
  await typeInto(hostedInput(payment, 'number'), '4000002760003184');
  await payment.getByLabel('Expiry date').fill(futureExpiry());
  await typeInto(hostedInput(payment, 'securityCode'), '123');
  await payment.getByLabel('Use same as profile address').check();
  const popup = context.waitForEvent('page');
  await payment.getByRole('button', { name: /^Pay \$/ }).click();

  // Our page posts the access token to the issuer by itself; the issuer sends the customer back.
  const bank = await popup;
  await expect(bank.getByRole('heading', { name: 'Stand-in issuer: verify your payment' })).toBeVisible();
  expect(app.standIn.stepUps.at(-1)?.accessTokenMatched).toBe(true);
  await bank.getByRole('button', { name: 'Return to the merchant' }).click();
  await expect(bank).toHaveURL(`${cybersourceApp.baseURL}/dashboard/account/subscription`);
  // The checkout watches the subscription and moves on by itself once the bank has answered.
  await expect(page.getByText('Payment received: you are subscribed')).toBeVisible({ timeout: 20_000 });

  // Our return route validated the authentication with the processor: the plan is paid.
  await page.goto(`${cybersourceApp.baseURL}/dashboard/account/subscription`);
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
});
