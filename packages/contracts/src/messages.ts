/**
 * Every user-facing string the spec fixes, word for word. Server and web import these so a
 * validation message reads the same in the form and in the API's 4xx answer.
 */
export const messages = {
  defaultError: 'Ooops! Something went wrong',
  somethingWentWrong: 'Something went wrong',
  invalidToken: 'Invalid Token',
  forbidden: 'You do not have permission to do that',
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
  profileUpdateFailed: 'Profile Update Failed',

  // password
  passwordRequired: 'Password is required',
  passwordsMustMatch: 'Passwords must match',

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
  cardBrandRequired: 'Card brand in required',
  cardNameRequired: 'Name on card is required',
  street1Required: 'Street 1 is required',
  atLeastOneCard: 'Atleast one card is required',
  cardAdded: 'Card added successfully',
  cardRemoved: 'Card removed successfully',
  cardUpdated: 'Card updated successfully',
  cardsAdded: 'Cards Added',
  cardAddFailed: 'Card Add Failed',
  cardNotFound: 'Card not found',
  cardLimitReached: 'You can register at most 3 cards',
  cardBrandNotAccepted: 'Only Visa and Mastercard cards are accepted',
  cardDeclined: 'Your card was declined.',
  gatewayUnavailable: 'The card processor did not answer. Please try again.',
  // subscriptions
  noFundingCard: 'Please enter a funding card to subscribe',
  noFundingCardYour: 'Please enter your funding card to subscribe',
  unknownPlan: 'Please choose a plan',
  alreadySubscribed: 'You already have a subscription. Change its plan instead.',
  chargeInProgress: 'A payment for this subscription is already in progress.',
  subscriptionNotFound: 'Subscription not found',
  updatedSubscription: 'Updated subscription',
  subscriptionPaused: 'Subscription Paused',
  subscriptionResumed: 'Subscription Resumed',
  couldNotPause: 'Could not pause subscription',
  couldNotResume: 'Could not resume subscription',
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
  webConfirmRemoveCard: 'Are you sure you want to remove this card?',
  webConfirmDisableSubscription: 'Are you sure you want to disable your subscription?',
  webConfirmEnableSubscription: 'Are you sure you want to enable your subscription?',
  webLocalityRequired: 'locality is required',
  webStatusActive: 'Active',
  webStatusInactive: 'InActive',
  webStatusPending: 'Pending Verification',
  webEmailVerified: 'Email verified',
  webVerifyEmail: 'Verify Email',
  webSubscriptionStarted: 'Subscription started',
  webPendingVerificationHelp:
    'Your bank asked you to confirm this payment. We opened the confirmation page in a new tab; your subscription starts once it is confirmed.',
} as const;

export type MessageKey = keyof typeof messages;
