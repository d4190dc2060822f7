import { adminMessages } from '@pria/contracts';
import type { IdentityAdmin } from '../../identity-admin/port.ts';
import { IdentityAdminError } from '../../identity-admin/port.ts';
import { type AuditContext, recordStaffAction } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { enqueueEmail } from '../../platform/outbox.ts';

export interface SendPasswordResetOptions {
  db: Db;
  identityAdmin: IdentityAdmin;
  audit: AuditContext;
  customerId: string;
}

/**
 * Staff "send password reset link" (issue 18): the identity provider makes a single-use link
 * (built-in: its own 30-minute link and email; Auth0: a password-change ticket that we email),
 * and the staff member's action goes to the audit trail. Staff never see the link.
 */
export async function sendPasswordResetLink({
  db,
  identityAdmin,
  audit,
  customerId,
}: SendPasswordResetOptions) {
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'issuer', 'subject', 'email'])
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!customer) throw notFound('Customer not found');
  if (identityAdmin.isSocial(customer.subject))
    throw new AppError('CONFLICT', adminMessages.passwordResetNoPassword);
  let delivery: Awaited<ReturnType<IdentityAdmin['sendPasswordReset']>>;
  try {
    delivery = await identityAdmin.sendPasswordReset(customer.subject);
  } catch (err) {
    if (err instanceof IdentityAdminError && err.code === 'NOT_FOUND')
      throw new AppError('CONFLICT', adminMessages.passwordResetNoPassword);
    throw err;
  }
  await db.transaction().execute(async (trx) => {
    if (delivery.via === 'link') {
      await enqueueEmail(trx, {
        to: delivery.email,
        subject: 'Reset your Pria password',
        text: [
          'Pria support sent you a link to choose a new password for your account.',
          '',
          delivery.url,
          '',
          'The link works once and expires in 30 minutes. If you did not ask for it, ignore this email: your password stays the same.',
        ].join('\n'),
        account: { issuer: customer.issuer, subject: customer.subject },
      });
    }
    await recordStaffAction(trx, audit, {
      action: 'customer.password_reset_link',
      targetType: 'customer',
      targetId: customer.id,
      after: { via: delivery.via },
    });
  });
}
