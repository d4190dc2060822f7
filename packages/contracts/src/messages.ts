/**
 * Every user-facing string the spec fixes, word for word. Server and web import these so a
 * validation message reads the same in the form and in the API's 4xx answer.
 */
export const messages = {
  defaultError: 'Ooops! Something went wrong',
  // Not in the spec: the database is out of reach for a moment (a 503, safe to retry).
  serviceUnavailable: 'Pria is briefly unavailable. Please try again in a moment.',
  somethingWentWrong: 'Something went wrong',
  invalidToken: 'Invalid Token',
  forbidden: 'You do not have permission to do that',
  // Not in the spec (issue 29): a staff account has no cards or plan of its own.
  staffNotCustomer:
    'This is a staff account: it cannot add cards or buy a plan. Use the admin portal, or a customer account of your own.',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests, please try again later',

  // contact and support forms
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  messageRequired: 'Message is required',
  topicRequired: 'Topic is required',
  contactInvalid: 'Please enter all the fields with valid data',
  messageSent: 'Message Sent Successfully',
  supportFailed: 'Sorry Something Went Wrong',
  starRequired: 'Please choose a rating from 1 to 5 stars',
  fraudNotice:
    'Pria will never ask for your account number, SSN, name, address or password by email or text message.',

  // profile
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  invalidPhone: 'Invalid Phone Number. Valid number format is 2025550104',
  postalCodeRequired: 'Postal Code is required',
  invalidPostalCode: 'Invalid postal code',
  streetRequired: 'Street is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  invalidState: 'Invalid state',
  // Not in the spec (issue 29): a ZIP whose first digits belong to another state.
  postalCodeStateMismatch: 'ZIP code does not match the state',
  profileUpdateFailed: 'Profile Update Failed',

  // password
  passwordRequired: 'Password is required.',
  passwordsMustMatch: 'Passwords must match.',

  // login
  loginErrorTitle: "Oops...seems like you don't have an account.",
  goBackHome: 'Go back to Pria home',

  // toasts
  updatedSuccessfully: 'Updated successfully',
  updatedSuccessfullyCaps: 'Updated Successfully',
  noResults: 'No Results',
  // feedback (web)
  feedbackTitle: 'Your opinion matters to us!',
  feedbackQuestion: 'How was your experience?',
  feedbackPlaceholder: 'Leave a message if you want',
  feedbackSubmitted: 'Feedback submitted successfully',
  feedbackFailed: 'Could not submit feedback',
  // cards
  cardNumberRequired: 'Card Number is required',
  invalidCardNumber: 'Invalid card number',
  expiryRequired: 'Expiry Date is required',
  invalidDateFormat: 'Invalid date format',
  invalidDate: 'Invalid Date',
  cvcRequired: 'CVC is required',
  invalidCvc: 'Invalid CVC',
  // The spec's 'Card brand in required' and 'Atleast one card is required', spelt right (ADR 31).
  cardBrandRequired: 'Card brand is required',
  cardNameRequired: 'Name on card is required',
  street1Required: 'Street 1 is required',
  atLeastOneCard: 'At least one card is required',
  cardAdded: 'Card added successfully',
  cardRemoved: 'Card removed successfully',
  cardUpdated: 'Card updated successfully',
  cardsAdded: 'Cards Added',
  cardAddFailed: 'Card Add Failed',
  cardNotFound: 'Card not found',
  // The spec's words, then the rest of the rule (issue 40): one more card may pay for the plan only.
  cardLimitReached:
    'You can register at most 3 cards for Charge & Pay, and one more that only pays for your plan',
  // The same card number registered twice would be charged the monthly $3 twice (issue 40's walk).
  cardAlreadyRegistered: 'This card is already registered on your account.',
  // The card paying the plan in force (issue 40): removing it would leave the plan nothing to charge.
  fundingCardInUse:
    'This card pays for your plan. Choose another funding card in Account settings → Payment Method → Funding card first, then remove this card.',
  cardBrandNotAccepted: 'Only Visa and Mastercard cards are accepted',
  cardDeclined: 'Your card was declined.',
  gatewayUnavailable: 'The card processor did not answer. Please try again.',
  // Which way this processor takes a card: a key to encrypt to, or its own hosted fields.
  cardEntryUsesHostedFields:
    'This card processor takes cards in its hosted fields: ask for a capture context',
  cardEntryUsesEncryption: 'This card processor takes encrypted cards: ask for its public key',
  cardEntryUnavailable: 'Card entry is unavailable right now. Please try again.',
  // subscriptions
  noFundingCard: 'Please enter a funding card to subscribe',
  noFundingCardYour: 'Please enter your funding card to subscribe',
  unknownPlan: 'Please choose a plan',
  alreadySubscribed: 'You already have a subscription. Change its plan instead.',
  chargeInProgress: 'A payment for this subscription is already in progress.',
  // A checkout's charge with no answer from the processor within its window (ADR 47): recorded
  // `missed`, nothing moved; shown as why the plan is not active ("... did not go through: <this>.").
  checkoutNotConfirmed: 'No answer from your bank in time',
  subscriptionNotFound: 'Subscription not found',
  updatedSubscription: 'Updated subscription',
  subscriptionPaused: 'Subscription Paused',
  subscriptionResumed: 'Subscription Resumed',
  couldNotPause: 'Could not pause subscription',
  couldNotResume: 'Could not resume subscription',
  // cancel online (issue 19): no renewal; active until the end date; resumable until then
  subscriptionCancelled: 'Subscription cancelled',
  subscriptionKept: 'Your subscription will renew as usual',
  alreadyCancelled: 'Your subscription is already cancelled',
  nothingToCancel: 'There is no active subscription to cancel',
  notCancelled: 'Your subscription is not cancelled',
  subscriptionEnded: 'Your subscription has ended. Choose a plan to subscribe again.',
  planChangeWhileCancelled:
    'Your subscription is cancelled and will not renew. Keep your subscription first, then change its plan.',
  couldNotCancel: 'Could not cancel subscription',
  receiptNotFound: 'Receipt not found',
  statementYearInvalid: 'Choose a year from 2000 to next year',
  onboardingCompleted: 'Onboarding Successfully Completed',
  errorOnboarding: 'Error onboarding',
  // customer web app (labels and prompts the spec fixes word for word)
  webWelcomeTitle: 'Welcome to Pria',
  webGetStarted: 'Get Started',
  webContinueOnboarding: 'Continue where you left off',
  webDoThisLater: 'I will do this later',
  webSelectSubscription: 'Select a subscription',
  webCheckoutTitle: 'Checkout',
  webTermsNotice: 'By submitting this form, you agree to our terms of service and privacy policy.',
  webConfirmDisableSubscription: 'Are you sure you want to disable your subscription?',
  webConfirmEnableSubscription: 'Are you sure you want to enable your subscription?',
  webStatusActive: 'Active',
  // The spec's 'InActive', in plain English (ADR 31).
  webStatusInactive: 'Inactive',
  webStatusPending: 'Pending Verification',
  webEmailVerified: 'Email verified',
  webVerifyEmail: 'Verify Email',
  webSubscriptionStarted: 'Subscription started',
  webPendingVerificationHelp:
    'Your bank asked you to confirm this payment. We opened the confirmation page in a new tab; your subscription starts once it is confirmed.',
  // Pending Verification without a bank page: the charge's answer was lost (a timeout) and Pria
  // is asking the processor (ADR 47). Nothing for the customer to do.
  webWaitingForBank: 'Waiting for your bank',
  webWaitingForBankHelp:
    "We do not have your bank's answer about this payment yet and are checking with it. Your subscription starts once it is confirmed; if it is not confirmed within the hour, nothing is charged and you can pay again.",
  // account security (MFA, password, notifications, deletion)
  mfaEnabled: 'MFA Enabled',
  mfaDisabled: 'MFA Disabled',
  couldNotEnableMfa: 'Could not enable MFA',
  couldNotDisableMfa: 'Could not disable MFA',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordEncryptionUnsupported:
    'Send the password itself (the connection is encrypted); randomBytes is not supported',
  passwordChanged: 'Password changed. Please log in again.',
  signedOutEverywhere: 'Signed out on every device. Please log in again.',
  couldNotSignOutEverywhere: 'Could not sign out everywhere',
  sessionEnded: 'Your session ended. Please log in again.',
  reauthenticateForPassword: 'Please sign in again to change your password',
  // Not in the spec (issue 29): the password change asks for the current one (ADR 38).
  currentPasswordRequired: 'Current password is required.',
  currentPasswordWrong: 'Your current password is not correct.',
  currentPasswordLocked:
    'Too many wrong passwords. Your account is locked for a few minutes; try again later.',
  reauthenticateForSecurity: 'Please sign in again to change your security settings',
  socialPasswordChange: 'Your password is managed by the account you sign in with (Google or Facebook).',
  emailAlreadyVerified: 'Email already verified',
  verificationEmailSent: 'Verification email sent',
  tooManyVerificationEmails: 'Too many verification emails. Please try again later.',
  deletionCodeSent: 'We sent you a code to confirm the deletion',
  tooManyDeletionCodes: 'Too many codes requested. Please try again in an hour.',
  invalidOrExpiredCode: 'Invalid or expired code',
  accountDeleted: 'Account Deleted successfully',
  deleteAccountFailed: 'Error while deleting Account',
  paybackOwed: 'We still owe you a payment; you can delete your account after it is paid back on the 2nd.',
  accountSecurityUnavailable: 'Account security settings are not available with this identity provider.',
  // account security: web wording (spec §4/§5 plus the re-authentication and deletion steps)
  reauthenticateToContinue: 'For your security, please sign in again to continue',
  signInAgain: 'Sign in again',
  confirmDeleteAccount: 'Are you sure you want to delete your account?',
  deletionCodeNotePhone: 'A code will be sent to the phone number linked to your account.',
  deletionCodeNoteEmail:
    'A code will be sent to your email address, because there is no phone number linked to your account.',
  deletionCodeRequired: 'Code is required',
  deletionCodePlaceholder: 'Code (xxxx)',
  confirmDisableMfa: 'Are you sure you want to turn off two-factor authentication?',
  mfaFinishInNewTab:
    'Finish the set-up in the new tab. This page updates by itself once two-factor authentication is on.',
  // admin: forced runs. The spec's 'System will forcefully try to payin' and 'Transactions
  // successfully payed in' said neither what happens nor in English (ADR 31): each run now asks
  // in the words of its preview, the month, the cards and the total (the web's preview-words.ts,
  // ADR 61), and says it started.
  payinForced: 'Pay-in run started',
  payoutForced: 'Pay-back run started',
  subscriptionsForced: 'Renewal run started',
  payinFailed: 'Pay In failed',
  payoutFailed: 'Pay Out failed',
} as const;

export type MessageKey = keyof typeof messages;
