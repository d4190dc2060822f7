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
} as const;

export type MessageKey = keyof typeof messages;
