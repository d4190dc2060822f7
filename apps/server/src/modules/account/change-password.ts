import { randomUUID } from 'node:crypto';
import { type ChangePasswordRequest, messages } from '@pria/contracts';
import type { IdentityAdmin } from '../../identity-admin/port.ts';
import { IdentityAdminError } from '../../identity-admin/port.ts';
import { type AuditContext, recordOwnSecurityChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { passwordProblem } from '../../platform/password-policy.ts';
import { requireRecentSignIn } from '../../platform/recent-sign-in.ts';
import { currentCustomer } from '../customers/index.ts';
import { sendSecurityNotice } from '../notifications/index.ts';
import { logAccountEvent } from './account.repo.ts';
import { endEverySession } from './sign-out-everywhere.ts';

type RequestRef = Pick<AuditContext, 'requestId' | 'clientIp'>;

export interface ChangePasswordOptions {
  db: Db;
  publicUrl: string;
  logger: Logger;
  identityAdmin: IdentityAdmin;
  principal: Principal;
  input: ChangePasswordRequest;
  /** The request, for the audit row of a staff member's own change. */
  request?: RequestRef;
  /** The client that asks: a current password checked here counts toward the sign-in throttle. */
  client?: { ip: string | null; userAgent: string | null };
}

/**
 * That it is the account's owner who asks (ADR 38): the current password, when sent and the
 * provider can check it, through the sign-in throttle; otherwise (a client that does not send it,
 * a hosted provider) a sign-in within the last 10 minutes, as before.
 */
async function confirmOwner(
  identityAdmin: IdentityAdmin,
  principal: Principal,
  currentPassword: string | undefined,
  client: { ip: string | null; userAgent: string | null },
): Promise<void> {
  if (currentPassword === undefined || !identityAdmin.checkPassword) {
    requireRecentSignIn(principal, messages.reauthenticateForPassword);
    return;
  }
  const verdict = await identityAdmin.checkPassword(principal.subject, currentPassword, client);
  if (verdict === 'locked') throw new AppError('RATE_LIMITED', messages.currentPasswordLocked);
  if (verdict === 'wrong') throw invalid(messages.currentPasswordWrong);
}

/**
 * Sets a new password, then signs the user out everywhere (sessions, grants, refresh tokens and
 * the access tokens already issued): the spec's client logs out on success. Needs a recent sign-in; not for social logins.
 */
export async function changePassword({
  db,
  publicUrl,
  logger,
  identityAdmin,
  principal,
  input,
  request,
  client = { ip: null, userAgent: null },
}: ChangePasswordOptions) {
  if (identityAdmin.isSocial(principal.subject))
    throw new AppError('FORBIDDEN', messages.socialPasswordChange);
  const customer = await currentCustomer(db, principal);
  // The one password rule (sign-up, reset and here), whichever provider keeps the password.
  const inputs = [
    customer.email ?? principal.email ?? '',
    customer.first_name ?? '',
    customer.last_name ?? '',
  ];
  const problem = passwordProblem(input.password, inputs);
  if (problem) throw invalid(problem);
  // After the new password's own checks, so fixing a weak one does not spend a sign-in attempt.
  await confirmOwner(identityAdmin, principal, input.currentPassword, client);
  try {
    await identityAdmin.changePassword(principal.subject, input.password);
  } catch (err) {
    if (err instanceof IdentityAdminError && err.code === 'WEAK_PASSWORD') throw invalid(err.message);
    throw err;
  }
  await endEverySession(db, identityAdmin, principal.subject, 'password_changed');
  await logAccountEvent(db, customer.id, 'password changed');
  await recordOwnSecurityChange(db, principal, 'password_changed', request);
  const to = customer.email ?? principal.email;
  if (to) {
    await sendSecurityNotice(
      db,
      {
        issuer: principal.issuer,
        userId: principal.subject,
        email: to,
        event: 'password_changed',
        eventId: randomUUID(),
      },
      { publicUrl },
    );
  }
  logger.info({ customerId: customer.id }, 'password changed; sessions revoked');
}
