/**
 * Onboarding steps: 0 profile, 1 cards, 2 plan, 3 checkout; 4 = finished. Below 3 is incomplete.
 * Apart from profile.ts's schemas, so a screen that only asks "onboarded?" (the dashboard) does
 * not bring zod with them (ADR 70).
 */
export const ONBOARDING_COMPLETE_INDEX = 3;
