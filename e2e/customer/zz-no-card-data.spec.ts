import { expect, test } from '@playwright/test';
import { expectNoCardData } from '../fixtures/card-data-scan.ts';
import { e2eDatabaseUrl, serverLogFile } from '../fixtures/env.ts';
import { OnboardingPage } from './pages/onboarding-page.ts';
import { signUpNewCustomer } from './pages/sign-up.ts';
import { testCards } from './pages/test-cards.ts';
import { expectToast } from './pages/toasts.ts';

/**
 * After cards were added through the UI (here and by every spec this run ran before it), no table
 * and no line of the server's log holds a card number or the CVC typed into the form. It runs last:
 * it is the chromium project's teardown (playwright.config.ts), so each shard of `npm run test:e2e`
 * scans its own server's database and log after all its other specs.
 */
const CVC = '739';

test('card numbers and CVCs typed in the browser reach no table and no log', async ({ page }) => {
  test.setTimeout(120_000);
  // The simulator takes encrypted cards, as /config.json tells the app: no capture context is
  // asked for (it would answer 404 and put an error in the console).
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/cards/capture-context')) asked.push(r.url());
  });
  await signUpNewCustomer(page, 'scan');
  const onboarding = new OnboardingPage(page);
  await onboarding.getStarted();
  await onboarding.fillProfile();
  await onboarding.saveProfile();
  await onboarding.cardForm.fillDetails(testCards.visa, { cvc: CVC });
  await onboarding.cardForm.next();
  await onboarding.cardForm.root.getByRole('button', { name: 'Add Card' }).click();
  await expectToast(page, 'Card added successfully');
  await onboarding.expectCardCount(1);
  expect(asked).toEqual([]);

  await expectNoCardData({
    databaseUrl: e2eDatabaseUrl,
    logFile: serverLogFile,
    numbers: Object.values(testCards),
    cvc: CVC,
  });
});
