/**
 * The processor's idempotency key of each kind of money row, in TypeScript. The database's
 * definitions are the `pria_*_reference` functions (migration 0064), used wherever SQL writes a
 * reference; `references.test.ts` proves both give the same text.
 */
export const payinReference = (cardId: string, period: string) => `payin:${cardId}:${period}`;
export const payoutReference = (payoutId: string, attempt: number) => `payout:${payoutId}:${attempt}`;
export const subscriptionReference = (attemptId: string) => `sub:${attemptId}`;
export const refundReference = (refundId: string) => `refund:${refundId}`;
