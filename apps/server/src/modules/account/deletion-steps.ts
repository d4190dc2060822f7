import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';

/**
 * What other modules do when a customer deletes their account. Register at start-up, e.g.
 *   registerAccountDeletionStep({ name: 'cancel subscription', phase: 'in-transaction', run })
 *   registerAccountDeletionStep({ name: 'delete gateway instruments', phase: 'after-commit', run })
 * - 'in-transaction' steps run inside the erasure's transaction (db is that transaction): a
 *   failure rolls the whole deletion back. For database changes (cancel the subscription).
 * - 'after-commit' steps run once the erasure is committed: for calls to other systems (the
 *   gateway). A failure is logged and recorded in event_log for an operator to retry; it does
 *   not undo the deletion, so these steps must be idempotent.
 */
export interface AccountDeletionContext {
  db: Db;
  logger: Logger;
  customerId: string;
}

export interface AccountDeletionStep {
  name: string;
  phase: 'in-transaction' | 'after-commit';
  run(ctx: AccountDeletionContext): Promise<void>;
}

export const accountDeletionSteps: AccountDeletionStep[] = [];

/** Adds a step, or replaces the step of the same name (the app registers them at start-up). */
export function registerAccountDeletionStep(step: AccountDeletionStep): void {
  const i = accountDeletionSteps.findIndex((s) => s.name === step.name);
  if (i >= 0) accountDeletionSteps[i] = step;
  else accountDeletionSteps.push(step);
}

/**
 * Whether Pria still owes the customer a pay-back, or a pay-in of theirs may still move money.
 * Deletion is refused while it does (README.md): the payout run must still find the card and
 * instrument, and nobody should lose track of money we owe. The rule is the money engine's
 * (`billing/owed-rule.ts`), wired at start-up with registerOwedPaybackCheck; until it is, no
 * account is deleted (this module does not guess at a rule of its own).
 */
export type OwedPaybackCheck = (db: Db, customerId: string) => Promise<boolean>;
let owedPaybackCheck: OwedPaybackCheck | null = null;

export function registerOwedPaybackCheck(check: OwedPaybackCheck | null): void {
  owedPaybackCheck = check;
}

export async function hasOwedPayback(db: Db, customerId: string): Promise<boolean> {
  if (!owedPaybackCheck)
    throw new Error('account deletion: no owed pay-back rule is wired (registerOwedPaybackCheck)');
  return owedPaybackCheck(db, customerId);
}

/**
 * The plan a deletion ends before the end of the period paid for, if any (the subscriptions
 * module's rule, wired at the composition root): the confirmation email says what was paid for
 * and is not used (issue 40). None registered: the email names no plan.
 */
export type PlanEndedByDeletion = (
  db: Db,
  customerId: string,
  now: Date,
) => Promise<{ planName: string; paidUntil: Date } | null>;
let planEndedByDeletion: PlanEndedByDeletion | null = null;

export function registerPlanEndedByDeletion(rule: PlanEndedByDeletion | null): void {
  planEndedByDeletion = rule;
}

export function planEndedBy(db: Db, customerId: string, now: Date) {
  return planEndedByDeletion ? planEndedByDeletion(db, customerId, now) : Promise.resolve(null);
}
