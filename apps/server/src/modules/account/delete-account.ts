import { messages } from '@pria/contracts';
import type { IdentityAdmin } from '../../identity-admin/port.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { accountLanguage } from '../../platform/language.ts';
import type { Logger } from '../../platform/logger.ts';
import { currentCustomer } from '../customers/index.ts';
import {
  consumeDeletionCode,
  eraseCustomer,
  lockOpenDeletionCode,
  logAccountEvent,
  setDeletionCodeAttempts,
} from './account.repo.ts';
import { deletionCodeMatches } from './deletion-code.ts';
import { queueDeletionEmail } from './deletion-email.ts';
import { accountDeletionSteps, hasOwedPayback, planEndedBy } from './deletion-steps.ts';
import { refuseStaff } from './staff-accounts.ts';

/** Wrong codes allowed per deletion code; then it is dead and a new one must be requested. */
export const DELETION_MAX_ATTEMPTS = 5;

/** Refuses deletion while Pria still owes the customer a pay-back (see README.md). */
export async function assertDeletable(db: Db, customerId: string): Promise<void> {
  if (await hasOwedPayback(db, customerId)) throw new AppError('CONFLICT', messages.paybackOwed);
}

/** The id of the customer's open code when `code` is it; a wrong code counts an attempt. */
async function checkCode(db: Db, customerId: string, code: string): Promise<number> {
  const id = await db.transaction().execute(async (trx) => {
    const row = await lockOpenDeletionCode(trx, customerId);
    if (!row || row.attempts >= DELETION_MAX_ATTEMPTS) return null;
    if (deletionCodeMatches(code, row.code_hash)) return row.id;
    await setDeletionCodeAttempts(trx, row.id, row.attempts + 1);
    return null;
  });
  if (id === null) throw invalid(messages.invalidOrExpiredCode);
  return id;
}

export interface DeleteAccountOptions {
  db: Db;
  logger: Logger;
  identityAdmin: IdentityAdmin;
  principal: Principal;
  code: string;
  /** Named in the confirmation email ("if you did not ask for this"). */
  supportEmail: string;
  /** The engine's clock: whether the plan is still in force is judged now. */
  now: Date;
}

/**
 * Step two: with the right code, deletes the account. In one transaction: the code is used,
 * other modules' in-transaction steps run, personal data is erased (the row stays, see
 * eraseCustomer) and an audit row without PII is written. Then the identity goes (it can no
 * longer sign in; sessions and refresh tokens end) and after-commit steps run.
 * A wrong or expired code deletes nothing.
 */
export async function deleteAccount({
  db,
  logger,
  identityAdmin,
  principal,
  code,
  supportEmail,
  now,
}: DeleteAccountOptions): Promise<void> {
  refuseStaff(principal);
  const customer = await currentCustomer(db, principal);
  const codeId = await checkCode(db, customer.id, code);
  await assertDeletable(db, customer.id);

  await db.transaction().execute(async (trx) => {
    if (!(await consumeDeletionCode(trx, codeId))) throw invalid(messages.invalidOrExpiredCode);
    // Read before the steps stop the plan: the email names what the deletion ends early, in the
    // account's language (read before the steps erase the account).
    const planEnded = await planEndedBy(trx, customer.id, now);
    const lang = await accountLanguage(trx, { issuer: customer.issuer, subject: customer.subject });
    for (const step of accountDeletionSteps.filter((s) => s.phase === 'in-transaction')) {
      await step.run({ db: trx, logger, customerId: customer.id });
    }
    await queueDeletionEmail(trx, customer, supportEmail, planEnded, lang);
    await eraseCustomer(trx, customer);
    await logAccountEvent(trx, customer.id, 'account deleted');
  });

  try {
    await identityAdmin.deleteUser(principal.subject);
  } catch (err) {
    // The data is erased; only the login remains. Keep its id so an operator can finish.
    logger.error({ err, customerId: customer.id }, 'account deleted but the identity could not be deleted');
    await logAccountEvent(db, customer.id, 'identity deletion failed', { subject: principal.subject });
  }
  for (const step of accountDeletionSteps.filter((s) => s.phase === 'after-commit')) {
    try {
      await step.run({ db, logger, customerId: customer.id });
    } catch (err) {
      logger.error({ err, customerId: customer.id, step: step.name }, 'account deletion step failed');
      await logAccountEvent(db, customer.id, 'account deletion step failed', { step: step.name });
    }
  }
  logger.info({ customerId: customer.id }, 'account deleted');
}
