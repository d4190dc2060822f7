/**
 * The wizard's steps (issue 43): one chunk the onboarding page asks for as it renders, while the
 * welcome screen is on view, so the page's first load is the welcome screen and the stepper. The
 * profile, card and checkout forms are most of the page's code.
 */
export { CheckoutView } from '../checkout/checkout-view.tsx';
export { CardsStep } from './cards-step.tsx';
export { PlanStep } from './plan-step.tsx';
export { ProfileStep } from './profile-step.tsx';
