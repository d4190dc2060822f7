import { ONBOARDING_COMPLETE_INDEX } from '@pria/contracts';

/** Spec UI flag: set by 'I will do this later' so /dashboard stops sending this user to onboarding. */
export const ONBOARDING_LATER_KEY = 'onboarding_later_state';

/** The flag holds the id of the customer who chose 'later', so another account on this browser is still guided. */
export function hasChosenLater(customerId: string): boolean {
  try {
    return window.localStorage.getItem(ONBOARDING_LATER_KEY) === customerId;
  } catch {
    return false;
  }
}

export function chooseLater(customerId: string) {
  try {
    window.localStorage.setItem(ONBOARDING_LATER_KEY, customerId);
  } catch {
    // Private mode: the choice lasts for this page only, which is acceptable.
  }
}

/** Staff never reach the dashboard that asks this (customer-area.tsx shows them StaffAccountPage). */
export function shouldOnboard(customer: { id: string; onBoardingIndex: number }): boolean {
  return customer.onBoardingIndex < ONBOARDING_COMPLETE_INDEX && !hasChosenLater(customer.id);
}
