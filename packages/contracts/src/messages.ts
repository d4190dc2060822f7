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
} as const;

export type MessageKey = keyof typeof messages;
