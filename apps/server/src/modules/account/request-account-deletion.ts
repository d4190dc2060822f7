import { randomInt } from 'node:crypto';
import { type DeletionCodeSent, messages } from '@pria/contracts';
import { customerEmails } from '@pria/contracts/i18n/customer-emails';
import { translator } from '@pria/contracts/i18n/format';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { accountLanguage } from '../../platform/language.ts';
import { enqueueEmail, enqueueSms } from '../../platform/outbox.ts';
import { currentCustomer } from '../customers/index.ts';
import { countDeletionCodesSince, insertDeletionCode } from './account.repo.ts';
import { assertDeletable } from './delete-account.ts';
import { hashDeletionCode } from './deletion-code.ts';
import { refuseStaff } from './staff-accounts.ts';

export const DELETION_CODE_MINUTES = 10;
export const DELETION_CODES_PER_HOUR = 3;

/**
 * Step one of deleting an account: a 4-digit code by SMS to the profile phone (by email when
 * there is no phone), valid 10 minutes, at most 3 per hour. Refused up front when deletion
 * would be refused anyway (a pay-back still owed).
 */
export async function requestAccountDeletion(opts: {
  db: Db;
  principal: Principal;
}): Promise<DeletionCodeSent> {
  const { db, principal } = opts;
  refuseStaff(principal);
  const customer = await currentCustomer(db, principal);
  await assertDeletable(db, customer.id);
  const phone = customer.phone && /^\d{10}$/.test(customer.phone) ? `+1${customer.phone}` : null;
  const email = customer.email ?? principal.email;
  if (!phone && !email) throw new AppError('CONFLICT', messages.deleteAccountFailed);
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  const channel = phone ? 'sms' : 'email';
  await db.transaction().execute(async (trx) => {
    // Counted inside the transaction with the customer's row locked, so parallel calls cannot pass 3.
    await trx.selectFrom('customers').select('id').where('id', '=', customer.id).forUpdate().execute();
    if ((await countDeletionCodesSince(trx, customer.id, 60)) >= DELETION_CODES_PER_HOUR) {
      throw new AppError('RATE_LIMITED', messages.tooManyDeletionCodes);
    }
    await insertDeletionCode(trx, {
      customerId: customer.id,
      codeHash: hashDeletionCode(code),
      channel,
      expiresAt: new Date(Date.now() + DELETION_CODE_MINUTES * 60_000),
    });
    const account = { issuer: customer.issuer, subject: customer.subject };
    const t = translator(customerEmails, await accountLanguage(trx, account));
    const text = t('deletionCode.text', { code, minutes: DELETION_CODE_MINUTES });
    if (phone) await enqueueSms(trx, { to: phone, text, account });
    else if (email) await enqueueEmail(trx, { to: email, subject: t('deletionCode.subject'), text, account });
  });
  return phone
    ? { channel: 'sms', to: `•••• ${phone.slice(-4)}` }
    : { channel: 'email', to: (email ?? '').replace(/^(.).*@/, '$1•••@') };
}
