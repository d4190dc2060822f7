import { msg } from '@lingui/core/macro';
import { messages } from '@pria/contracts';

/**
 * The spec's checkout words that `@pria/contracts` holds (messages.ts), as messages of the customer
 * catalog; read with `i18n._`. The English is the contracts' own, word for word (checkout-words.test.ts).
 */
export const checkoutWords = {
  [messages.webCheckoutTitle]: msg`Checkout`,
  [messages.webStatusPending]: msg`Pending Verification`,
  [messages.webPendingVerificationHelp]: msg`Your bank asked you to confirm this payment. We opened the confirmation page in a new tab; your subscription starts once it is confirmed.`,
  [messages.webWaitingForBankHelp]: msg`We do not have your bank's answer about this payment yet and are checking with it. Your subscription starts once it is confirmed; if it is not confirmed within the hour, nothing is charged and you can pay again.`,
  [messages.webSubscriptionStarted]: msg`Subscription started`,
};
