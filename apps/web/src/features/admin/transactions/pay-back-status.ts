import type { TransactionType } from '@pria/contracts';

/**
 * Whether "Returned" / "Not Returned" (a pay-back's status: did the card take the $3 back?) says
 * anything about a transaction. A plan charge is never paid back, so it has none: it read "NOT
 * RETURNED" beside every plan charge (issue 40).
 */
export const hasPayBackStatus = (type: TransactionType) => type !== 'SUBSCRIPTION_CAPTURE';
