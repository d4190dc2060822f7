import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messages } from '@pria/contracts/messages';
import { textLimits, tooLong } from '@pria/contracts/text-limits';
import { i18n } from './i18n.ts';

const topicMax = textLimits.topic;
const messageMax = textLimits.message;

/**
 * The spec's words that the public pages show from `@pria/contracts` (the shared schemas' validation
 * messages and the forms' toasts), as messages of the web's catalogs. The English is the contracts'
 * own, word for word (contract-messages.test.ts), so an English reader sees what the server says.
 */
const contractMessages = new Map<string, MessageDescriptor>([
  [messages.emailRequired, msg`Email is required`],
  [messages.invalidEmail, msg`Invalid email address`],
  [messages.messageRequired, msg`Message is required`],
  [messages.topicRequired, msg`Topic is required`],
  [messages.contactInvalid, msg`Please enter all the fields with valid data`],
  [messages.messageSent, msg`Message Sent Successfully`],
  [messages.supportFailed, msg`Sorry Something Went Wrong`],
  [messages.starRequired, msg`Please choose a rating from 1 to 5 stars`],
  [
    messages.fraudNotice,
    msg`Pria will never ask for your account number, SSN, name, address or password by email or text message.`,
  ],
  [messages.feedbackTitle, msg`Your opinion matters to us!`],
  [messages.feedbackQuestion, msg`How was your experience?`],
  [messages.feedbackPlaceholder, msg`Leave a message if you want`],
  [messages.feedbackSubmitted, msg`Feedback submitted successfully`],
  [messages.feedbackFailed, msg`Could not submit feedback`],
  // The topics the contact and support forms suggest (the one picked is sent as typed).
  ['Adding or Removing cards', msg`Adding or Removing cards`],
  ['Adding or Removing Cards', msg`Adding or Removing Cards`],
  ['Billing and Plans', msg`Billing and Plans`],
  ['Security', msg`Security`],
  ['Suggestions', msg`Suggestions`],
  ['Notifications', msg`Notifications`],
  // Errors any page can show (an API call's refusal, the session's end).
  [messages.defaultError, msg`Ooops! Something went wrong`],
  [messages.signInAgain, msg`Sign in again`],
  [messages.somethingWentWrong, msg`Something went wrong`],
  [messages.serviceUnavailable, msg`Pria is briefly unavailable. Please try again in a moment.`],
  [messages.sessionEnded, msg`Your session ended. Please log in again.`],
  [tooLong('Topic', topicMax), msg`Topic must be at most ${topicMax} characters`],
  [tooLong('Message', messageMax), msg`Message must be at most ${messageMax} characters`],
]);

/**
 * Adds an area's own contract words (the customer area's, src/features/customer/contract-messages.ts),
 * so they are in that area's catalog, not in every page's.
 */
export function addContractMessages(more: ReadonlyMap<string, MessageDescriptor>): void {
  for (const [english, descriptor] of more) contractMessages.set(english, descriptor);
}

/** The contracts' `english` words in the language the app speaks now (unchanged when not listed above). */
export function translated(english: string): string {
  const descriptor = contractMessages.get(english);
  return descriptor ? i18n._(descriptor) : english;
}

/** A form's errors (field → the contracts' words) in the language the app speaks now. */
export function translatedErrors<T extends Record<string, string | undefined>>(errors: T): T {
  return Object.fromEntries(
    Object.entries(errors).map(([field, text]) => [field, text === undefined ? text : translated(text)]),
  ) as T;
}

/** Every English text listed so far, for the test that holds them to the contracts' words. */
export const contractMessageDescriptors = contractMessages;
