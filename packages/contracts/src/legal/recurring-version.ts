/**
 * The version of the recurring-charge authorization's words (the checkout's renewal terms,
 * recurring-disclosure.ts, and the card's, `cardAuthorizationText`): a module of its own, so the
 * legal documents' registry names it without carrying the checkout's text to every page that
 * names the documents.
 */
export const recurringDisclosureVersion = '2026-11-27';
