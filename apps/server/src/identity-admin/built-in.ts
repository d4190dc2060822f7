import type { Config } from '../config.ts';
import {
  checkCurrentPassword,
  createMfaEnrolmentTicket,
  deleteUser,
  disableMfa,
  endSession,
  findUserById,
  getMfaMethod,
  IdpUserError,
  InvitationError,
  inviteStaff,
  issueRecoveryCodes,
  listLiveSessions,
  listRecentSignIns,
  listStaff,
  recoveryCodesLeft,
  resendStaffInvitation,
  revokeStaffInvitation,
  revokeUserSessions,
  StaffRuleError,
  sendResetLinkTo,
  sendVerificationEmail,
  setPassword,
  setStaffDisabled,
  setStaffRole,
} from '../idp/index.ts';
import type { Db } from '../platform/db.ts';
import { type IdentityAdmin, IdentityAdminError, isSocialSubject } from './port.ts';

/** The provider's refusals as the port's errors (the same codes, the same words). */
async function staffErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof IdpUserError && (err.code === 'INVALID_EMAIL' || err.code === 'EMAIL_TAKEN'))
      throw new IdentityAdminError(err.code, err.message);
    if (err instanceof StaffRuleError || err instanceof InvitationError)
      throw new IdentityAdminError(err.code, err.message);
    throw err;
  }
}

/** The IdentityAdmin port over the built-in provider (same database, subject = idp_users.id). */
export function createBuiltInIdentityAdmin(deps: { config: Config; db: Db }): IdentityAdmin {
  const { config, db } = deps;

  async function requireUser(subject: string) {
    const user = await findUserById(db, subject);
    if (!user) throw new IdentityAdminError('NOT_FOUND', 'No such identity');
    return user;
  }

  return {
    staff: {
      list: (tx) => listStaff(tx),
      invite: (tx, input, by) =>
        staffErrors(() => inviteStaff(tx, config, { ...input, invitedBy: by.actor, actorId: by.actorId })),
      resendInvitation: (tx, id, by) =>
        staffErrors(() =>
          resendStaffInvitation(tx, config, id, { actorId: by.actorId, invitedBy: by.actor }),
        ),
      revokeInvitation: (tx, id, by) =>
        staffErrors(() => revokeStaffInvitation(tx, id, { actorId: by.actorId, revokedBy: by.actor })),
      setRole: (tx, id, role, by) => staffErrors(() => setStaffRole(tx, id, role, by)),
      setDisabled: (tx, id, disabled, by) => staffErrors(() => setStaffDisabled(tx, id, disabled, by)),
    },
    devices: {
      list: (subject) => listLiveSessions(db, subject),
      recentSignIns: (subject, limit) => listRecentSignIns(db, subject, limit),
      signOut: (tx, subject, sessionId) => endSession(tx, subject, sessionId),
    },
    async changePassword(subject, newPassword) {
      try {
        if (!(await setPassword(db, subject, newPassword)))
          throw new IdentityAdminError('NOT_FOUND', 'No such identity');
      } catch (err) {
        if (err instanceof IdpUserError) throw new IdentityAdminError('WEAK_PASSWORD', err.message);
        throw err;
      }
    },
    checkPassword: (subject, password, client) => checkCurrentPassword(db, subject, password, client),
    async createMfaEnrollmentTicket(subject) {
      await requireUser(subject);
      return createMfaEnrolmentTicket(db, config, subject);
    },
    recoveryCodes: {
      left: (subject) => recoveryCodesLeft(db, subject),
      renew: (subject) => issueRecoveryCodes(db, subject),
    },
    async getMfaStatus(subject) {
      const type = await getMfaMethod(db, subject);
      return type ? [{ status: 'confirmed', type }] : [];
    },
    disableMfa: (subject) => disableMfa(db, subject),
    async sendVerificationEmail(subject) {
      const user = await requireUser(subject);
      if (user.email_verified) return 'already-verified';
      await sendVerificationEmail(db, config, subject);
      return 'sent';
    },
    async deleteUser(subject) {
      await deleteUser(db, subject);
    },
    async sendPasswordReset(subject) {
      await requireUser(subject);
      if (!(await sendResetLinkTo(db, config, subject)))
        throw new IdentityAdminError('NOT_FOUND', 'This identity has no password to reset');
      return { via: 'provider' };
    },
    async revokeSessions(subject, reason) {
      await revokeUserSessions(db, subject, reason);
    },
    isSocial: isSocialSubject,
  };
}
