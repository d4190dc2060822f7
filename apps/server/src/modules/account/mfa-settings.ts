import { randomUUID } from 'node:crypto';
import { type MfaEnrolmentLink, type MfaStatusRecord, messages } from '@pria/contracts';
import type { IdentityAdmin } from '../../identity-admin/port.ts';
import { type AuditContext, recordOwnSecurityChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { requireRecentSignIn } from '../../platform/recent-sign-in.ts';
import { currentCustomer } from '../customers/index.ts';
import { sendSecurityNotice } from '../notifications/index.ts';
import { logAccountEvent } from './account.repo.ts';
import { endEverySession } from './sign-out-everywhere.ts';

export interface MfaOptions {
  db: Db;
  /** For the links in the security notice. */
  publicUrl: string;
  identityAdmin: IdentityAdmin;
  principal: Principal;
  /** The request, for the audit row of a staff member's own change. */
  request?: Pick<AuditContext, 'requestId' | 'clientIp'>;
}

export async function getMfaStatus({ identityAdmin, principal }: MfaOptions): Promise<MfaStatusRecord[]> {
  return identityAdmin.getMfaStatus(principal.subject);
}

/**
 * The enrolment link (single use, 10 minutes). When MFA is already on, completing it replaces
 * the method. Needs a recent sign-in: a stolen refresh token must not enrol its own factor.
 */
export async function startMfaEnrolment({
  db,
  identityAdmin,
  principal,
}: MfaOptions): Promise<MfaEnrolmentLink> {
  requireRecentSignIn(principal, messages.reauthenticateForSecurity);
  const customer = await currentCustomer(db, principal);
  const url = await identityAdmin.createMfaEnrollmentTicket(principal.subject);
  await logAccountEvent(db, customer.id, 'mfa enrolment started');
  return { url };
}

/**
 * Turns MFA off. When it was already off nothing changed, so nothing happens: no session ends, no
 * notice or audit row is written, and the answer is the same 'MFA Disabled' (issue 39: a stale
 * switch, or a stolen recent token, must not sign the customer out everywhere).
 */
export async function turnOffMfa({
  db,
  publicUrl,
  identityAdmin,
  principal,
  request,
}: MfaOptions): Promise<void> {
  requireRecentSignIn(principal, messages.reauthenticateForSecurity);
  const customer = await currentCustomer(db, principal);
  if (!(await identityAdmin.disableMfa(principal.subject))) return;
  // A change to how the account signs in ends every way in that came before it (issue 30).
  await endEverySession(db, identityAdmin, principal.subject, 'mfa_changed');
  await logAccountEvent(db, customer.id, 'mfa disabled');
  await recordOwnSecurityChange(db, principal, 'mfa_disabled', request);
  const to = customer.email ?? principal.email;
  if (to) {
    await sendSecurityNotice(
      db,
      {
        issuer: principal.issuer,
        userId: principal.subject,
        email: to,
        event: 'mfa_disabled',
        eventId: randomUUID(),
      },
      { publicUrl },
    );
  }
}

/** How many recovery codes the caller has left (0 when the provider keeps none). */
export async function countRecoveryCodes({
  identityAdmin,
  principal,
}: MfaOptions): Promise<{ left: number }> {
  return { left: (await identityAdmin.recoveryCodes?.left(principal.subject)) ?? 0 };
}

/**
 * A new set of recovery codes, replacing the old ones, shown once (issue 29). Only with two-factor
 * authentication on, and after a recent sign-in, as any other change of a sign-in method.
 */
export async function renewRecoveryCodes({
  db,
  identityAdmin,
  principal,
}: MfaOptions): Promise<{ codes: string[] }> {
  requireRecentSignIn(principal, messages.reauthenticateForSecurity);
  if (!identityAdmin.recoveryCodes) throw new AppError('INTERNAL', messages.accountSecurityUnavailable);
  if ((await identityAdmin.getMfaStatus(principal.subject)).length === 0)
    throw invalid('Turn on two-factor authentication first');
  const customer = await currentCustomer(db, principal);
  const codes = await identityAdmin.recoveryCodes.renew(principal.subject);
  await logAccountEvent(db, customer.id, 'mfa recovery codes renewed');
  return { codes };
}
