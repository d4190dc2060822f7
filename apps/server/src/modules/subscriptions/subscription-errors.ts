import { messages, staffPlanMessages } from '@pria/contracts';
import { AppError } from '../../platform/errors.ts';
import type { AttemptRow } from '../payments/index.ts';

export const noFundingCard = () => new AppError('VALIDATION', messages.noFundingCard);
export const unknownPlan = () => new AppError('VALIDATION', messages.unknownPlan);
export const alreadySubscribed = () => new AppError('CONFLICT', messages.alreadySubscribed);
export const chargeInProgress = () => new AppError('CONFLICT', messages.chargeInProgress);
export const alreadyCancelled = () => new AppError('CONFLICT', messages.alreadyCancelled);
export const nothingToCancel = () => new AppError('CONFLICT', messages.nothingToCancel);
export const notCancelled = () => new AppError('CONFLICT', messages.notCancelled);
export const subscriptionEnded = () => new AppError('CONFLICT', messages.subscriptionEnded);

/** A declined charge, with the processor's reason (safe to show the customer). */
export function declined(attempt: AttemptRow) {
  return new AppError('PAYMENT_DECLINED', attempt.decline_reason ?? messages.cardDeclined);
}

/** Postgres unique_violation: another request already holds this period's charge. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

/** The plan actions' one rule (contracts' planActionRefusal), for the customer's own switch too. */
export const pauseWhileCancelled = () => new AppError('CONFLICT', staffPlanMessages.pauseWhileCancelled);
export const planChangeWhileCancelled = () => new AppError('CONFLICT', messages.planChangeWhileCancelled);
