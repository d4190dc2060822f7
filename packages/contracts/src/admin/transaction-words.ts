// No zod here: the admin screens read these without loading the schemas beside them, so the
// browser carries no classic zod (ADR 88's addendum).

export const transactionTypes = ['CAPTURE', 'SUBSCRIPTION_CAPTURE', 'PAYOUT'] as const;
export type TransactionType = (typeof transactionTypes)[number];
/**
 * The types in words on staff screens (issue 29: the table showed SUBSCRIPTION_CAPTURE). The API,
 * its filter and the CSV export keep the codes: they are the spec's values ("type (for example
 * CAPTURE)") and what spreadsheets and scripts match on.
 */
export const transactionTypeNames: Record<TransactionType, string> = {
  CAPTURE: 'Monthly charge',
  SUBSCRIPTION_CAPTURE: 'Plan charge',
  PAYOUT: 'Pay-back',
};
/** `missed`: a month Pria could not charge (its window closed while Pria was unavailable). */
export const transactionStatuses = ['success', 'failed', 'pending', 'missed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/**
 * Which rows staff may verify (spec §5: "rows whose type contains CAPTURE and that are not yet
 * verified"): a charge that went through. A declined, missed or still pending charge moved no
 * money, so there is nothing to verify (issue 29: a declined $3 could be marked Verified). The
 * server refuses the rest in `verifyTransactions`, and the database holds is_verified only on a
 * captured charge (migration 0079); the screen offers a checkbox on these rows only.
 */
export const isVerifiable = (row: {
  type: TransactionType;
  transactionStatus: TransactionStatus;
  isVerified: boolean;
}) => row.type.includes('CAPTURE') && row.transactionStatus === 'success' && !row.isVerified;
