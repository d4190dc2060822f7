import type { StaffRole } from '@pria/contracts';
import type { RevocationReason } from '../platform/access-valid-after.ts';
import type { Db } from '../platform/db.ts';

/**
 * What the account module needs from the identity provider, as a port: the built-in provider
 * implements it today (built-in.ts); an adapter over a hosted IdP's management API (Auth0,
 * Keycloak) can replace it without touching the account module. Every method takes the
 * token's `sub`.
 */
export type MfaType = 'authenticator' | 'sms' | 'email';

/** The spec's MFA status record. */
export interface MfaEnrolment {
  status: 'confirmed';
  type: MfaType;
}

export type IdentityAdminErrorCode =
  | 'NOT_FOUND'
  | 'WEAK_PASSWORD'
  | 'INVALID_EMAIL'
  | 'EMAIL_TAKEN'
  /** The change would leave no enabled admin (issue 30). */
  | 'LAST_ADMIN'
  /** The acting admin was disabled or demoted while their request was on its way. */
  | 'NOT_ADMIN'
  /** Resend: the person already set their password. */
  | 'ALREADY_ACCEPTED'
  /** Revoke: no live invitation. */
  | 'NOT_PENDING';

export class IdentityAdminError extends Error {
  readonly code: IdentityAdminErrorCode;
  constructor(code: IdentityAdminErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** The latest invitation sent to a staff member. */
export interface StaffInvitationInfo {
  state: 'pending' | 'expired' | 'revoked' | 'accepted';
  role: StaffRole;
  sentAt: Date;
  expiresAt: Date;
  /** Who sent it (an admin's email, or the command line). */
  invitedBy: string;
}

/** A staff account as the staff portal lists it. */
export interface StaffAccount {
  id: string;
  email: string;
  roles: string[];
  disabled: boolean;
  /** Invited and has not set a password yet. */
  invited: boolean;
  createdAt: Date;
  invitation: StaffInvitationInfo | null;
}

export type StaffChange = { before: StaffAccount; after: StaffAccount } | null;

/** Who makes a change: the acting admin's identity id (checked, in the transaction, to still be an enabled admin) and the name the email and audit show. */
export interface StaffActorRef {
  actorId: string;
  actor: string;
}

/**
 * Staff management (issues 16 and 30), where the provider keeps roles itself (the built-in
 * one). Each write takes the transaction to write in, so the change and its audit row commit
 * together; each refuses (IdentityAdminError 'LAST_ADMIN') a change that would leave no enabled
 * admin, and ('NOT_ADMIN') an actor who is no longer an enabled admin.
 */
export interface StaffDirectory {
  list(db: Db): Promise<StaffAccount[]>;
  /**
   * Invites an address, or sends a new link to one already invited and not yet signed up
   * (`resent`). Throws IdentityAdminError('INVALID_EMAIL' | 'EMAIL_TAKEN').
   */
  invite(
    db: Db,
    input: { email: string; role: StaffRole },
    by: StaffActorRef,
  ): Promise<{ member: StaffAccount; resent: boolean; before: StaffAccount | null }>;
  /** A new link, the old one dead. Throws IdentityAdminError('ALREADY_ACCEPTED'). */
  resendInvitation(db: Db, id: string, by: StaffActorRef): Promise<StaffChange>;
  /** Withdraws the live link. Throws IdentityAdminError('NOT_PENDING'). */
  revokeInvitation(db: Db, id: string, by: StaffActorRef): Promise<StaffChange>;
  setRole(db: Db, id: string, role: StaffRole, by: StaffActorRef): Promise<StaffChange>;
  setDisabled(db: Db, id: string, disabled: boolean, by: StaffActorRef): Promise<StaffChange>;
}
/**
 * How a reset link reached the user: the provider emailed it (built-in: our outbox), or it
 * returned a link for us to email (Auth0's password-change ticket).
 */
export type PasswordResetDelivery = { via: 'provider' } | { via: 'link'; email: string; url: string };

/** One of the provider's sign-in sessions: a device signed in to the account (ADR 64). */
export interface DeviceSession {
  /** The session's public id (the `sid` of its tokens). */
  sessionId: string;
  userAgent: string | null;
  ip: string | null;
  signedInAt: Date;
}

/**
 * The devices signed in to an account and its latest sign-ins, where the provider keeps them
 * (the built-in one).
 */
export interface DeviceSessions {
  /** Live sessions, the latest sign-in first. */
  list(subject: string): Promise<DeviceSession[]>;
  /** The latest completed sign-ins, newest first (a session may have been signed in again). */
  recentSignIns(subject: string, limit: number): Promise<DeviceSession[]>;
  /**
   * Ends one session of `subject` and the refresh tokens issued under it, in `tx`; null (nothing
   * changed) when the subject has no live session of that id.
   */
  signOut(tx: Db, subject: string, sessionId: string): Promise<DeviceSession | null>;
}

export interface IdentityAdmin {
  /** Signed-in devices; absent when the provider does not tell them. */
  devices?: DeviceSessions;
  /** Staff management; absent when roles come from an external provider's claims. */
  staff?: StaffDirectory;
  /** Sets a new password; throws IdentityAdminError('WEAK_PASSWORD' | 'NOT_FOUND'). */
  changePassword(subject: string, newPassword: string): Promise<void>;
  /**
   * Checks the user's current password through the provider's sign-in throttle (a wrong one
   * counts toward the lock), where the provider can (the built-in one); absent otherwise, and a
   * password change then needs a recent sign-in instead (ADR 38).
   */
  checkPassword?(
    subject: string,
    password: string,
    client: { ip: string | null; userAgent: string | null },
  ): Promise<'ok' | 'wrong' | 'locked'>;
  /** A single-use, short-lived link where the user enrols a second factor. */
  createMfaEnrollmentTicket(subject: string): Promise<string>;
  /** The confirmed enrolments, or [] when MFA is off. */
  getMfaStatus(subject: string): Promise<MfaEnrolment[]>;
  /**
   * Turns every second factor off; true when one was on. False (MFA already off) changed no
   * way of signing in: the caller then ends no session and notifies no one.
   */
  disableMfa(subject: string): Promise<boolean>;
  /** Queues the verification link; says so when the email is already verified. */
  sendVerificationEmail(subject: string): Promise<'sent' | 'already-verified'>;
  /** Deletes the identity and everything that lets it sign in. Idempotent. */
  deleteUser(subject: string): Promise<void>;
  /**
   * A single-use password reset link for the user (staff "send reset link"); throws
   * IdentityAdminError('NOT_FOUND') when there is no such identity or it has no password.
   */
  sendPasswordReset(subject: string): Promise<PasswordResetDelivery>;
  /**
   * Ends every session and refresh token of the user (and, where the provider is built in, its
   * access tokens too; callers end those with endAccessTokens whichever the provider).
   */
  revokeSessions(subject: string, reason: RevocationReason): Promise<void>;
  /**
   * Two-factor recovery codes (issue 29), where the provider keeps them (the built-in one): how
   * many are left, and a new set replacing the old one (the plain codes, to show once).
   */
  recoveryCodes?: {
    left(subject: string): Promise<number>;
    renew(subject: string): Promise<string[]>;
  };
  /** True for identities federated from a social login (their password lives elsewhere). */
  isSocial(subject: string): boolean;
}

/** The spec's rule: identity ids containing 'google' or 'facebook' are social logins. */
export function isSocialSubject(subject: string): boolean {
  return /google|facebook/i.test(subject);
}
