import { msg } from '@lingui/core/macro';
import { messages } from '@pria/contracts';

/**
 * The spec's onboarding words that `@pria/contracts` holds (messages.ts), as messages of the
 * customer catalog; read with `i18n._`. The English is the contracts' own, word for word
 * (onboarding-words.test.ts), so the e2e tests' English and the spec stay one.
 */
export const onboardingWords = {
  [messages.webWelcomeTitle]: msg`Welcome to Pria`,
  [messages.webGetStarted]: msg`Get Started`,
  [messages.webContinueOnboarding]: msg`Continue where you left off`,
  [messages.webDoThisLater]: msg`I will do this later`,
  [messages.webSelectSubscription]: msg`Select a subscription`,
  [messages.onboardingCompleted]: msg`Onboarding Successfully Completed`,
  [messages.atLeastOneCard]: msg`At least one card is required`,
  [messages.cardsAdded]: msg`Cards Added`,
};
