import type { Page } from '@playwright/test';
import { OnboardingPage } from './onboarding-page.ts';
import { signUpNewCustomer } from './sign-up.ts';
import { testCards } from './test-cards.ts';

/** Signs up and onboards a customer with a Visa (funding) and a Mastercard on the preselected plan. */
export async function onboardedCustomer(page: Page, prefix = 'account') {
  const credentials = await signUpNewCustomer(page, prefix);
  const onboarding = new OnboardingPage(page);
  await onboarding.expectWelcome();
  await onboarding.getStarted();
  await onboarding.fillProfile();
  await onboarding.saveProfile();
  await onboarding.addCard(testCards.visa);
  await onboarding.expectCardCount(1);
  await onboarding.addCard(testCards.mastercard);
  await onboarding.expectCardCount(2);
  await onboarding.continueFromCards();
  await onboarding.continueWithPreselectedPlan('Semi-Annual');
  await onboarding.checkoutWithExistingCard('1111');
  return credentials;
}
