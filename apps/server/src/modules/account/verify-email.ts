import { messages } from '@pria/contracts';
import type { IdentityAdmin } from '../../identity-admin/port.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { currentCustomer } from '../customers/index.ts';
import { countRecentAccountEvents, logAccountEvent } from './account.repo.ts';

/** Verification emails per customer per hour (the route also limits per IP). */
export const VERIFICATION_EMAILS_PER_HOUR = 3;

export async function resendVerificationEmail(opts: {
  db: Db;
  identityAdmin: IdentityAdmin;
  principal: Principal;
}) {
  const { db, identityAdmin, principal } = opts;
  const customer = await currentCustomer(db, principal);
  if (
    (await countRecentAccountEvents(db, customer.id, 'verification email sent', 60)) >=
    VERIFICATION_EMAILS_PER_HOUR
  ) {
    throw new AppError('RATE_LIMITED', messages.tooManyVerificationEmails);
  }
  const result = await identityAdmin.sendVerificationEmail(principal.subject);
  if (result === 'already-verified') throw invalid(messages.emailAlreadyVerified);
  await logAccountEvent(db, customer.id, 'verification email sent');
}
