// No zod here: the admin screens read these without loading the schemas beside them, so the
// browser carries no classic zod (ADR 88's addendum).

export const adminPageSizes = [10, 25, 50] as const;
export type AdminPageSize = (typeof adminPageSizes)[number];

/** Messages of the admin screens (spec §8) and of the server's refusals. */
export const adminMessages = {
  transactionsVerified: 'Transactions Verified',
  transactionVerificationFailed: 'Transaction Verification Failed',
  invalidFilter: 'Invalid filter',
  invalidNextToken: 'Invalid nextToken',
  invalidLimit: 'limit must be 10, 25 or 50',
  paybackSent: 'Pay-back scheduled to the chosen card',
  paybackRetried: 'Pay-back will be tried again within a minute',
  paybackNotReturned: 'Only a returned pay-back can be sent to another card',
  paybackNotDelayed: 'Only a pay-back waiting for its next try can be tried now',
  paybackCardNotOwn: "Choose one of this customer's own cards",
  paybackSameCard: 'This card returned the pay-back: choose another of the customer’s cards',
  refundSent: 'Refund sent',
  refundPending: 'Refund sent to the processor; its answer is pending',
  refundFailed: 'The processor refused the refund',
  refundOnlyPlanCharges: 'Only a captured plan charge can be refunded',
  refundNothingLeft: 'Nothing is left to refund on this charge',
  refundNoUnusedDays:
    'No unused days of this charge are left to refund (an earlier refund returned them, or its period is ending): a full refund returns the rest',
  refundKeyReused: 'This Idempotency-Key was already used for another refund',
  refundReasonRequired: 'Give a reason for the refund',
  refundWhileDisputed:
    'This charge is disputed: the cardholder’s bank is returning the money. Refund only after the dispute is decided.',
  refundAfterDisputeLost:
    'The cardholder’s bank took this charge back (the dispute was lost): nothing is left to refund.',
  chargeNotFound: 'Charge not found',
  disputeNotFound: 'Dispute not found',
  disputeDecided: 'Dispute decision recorded',
  disputeAlreadyDecided: 'This dispute is already decided',
  periodFormat: 'period must look like 2026-11',
  payinNotDue: (month: string, due: string) =>
    `The pay-in for ${month} is not due yet: it can run from ${due}.`,
  payoutBeforePayin: (month: string | null) =>
    month
      ? `No pay-in has run for ${month}: there is nothing to pay back for it.`
      : 'No pay-in has run yet: there is nothing to pay back.',
  passwordResetSent: 'Password reset link sent',
  passwordResetNoPassword: 'This client has no Pria password to reset (they sign in with Google or Facebook)',
} as const;
