import type { StaffRole } from '@pria/contracts';
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

export type IdentityAdminErrorCode = 'NOT_FOUND' | 'WEAK_PASSWORD' | 'INVALID_EMAIL' | 'EMAIL_TAKEN';

export class IdentityAdminError extends Error {
  readonly code: IdentityAdminErrorCode;
  constructor(code: IdentityAdminErrorCode, message: string) {
    super(message);
    this.code = code;
  }
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
}

export type StaffChange = { before: StaffAccount; after: StaffAccount } | null;

/**
 * Staff management (issue 16), where the provider keeps roles itself (the built-in one). Each
 * write takes the transaction to write in, so the change and its audit row commit together.
 * Throws IdentityAdminError('INVALID_EMAIL' | 'EMAIL_TAKEN') on invite.
 */
export interface StaffDirectory {
  list(db: Db): Promise<StaffAccount[]>;
  invite(db: Db, input: { email: string; role: StaffRole; invitedBy: string }): Promise<StaffAccount>;
  setRole(db: Db, id: string, role: StaffRole): Promise<StaffChange>;
  setDisabled(db: Db, id: string, disabled: boolean): Promise<StaffChange>;
}
/**
 * How a reset link reached the user: the provider emailed it (built-in: our outbox), or it
 * returned a link for us to email (Auth0's password-change ticket).
 */
export type PasswordResetDelivery = { via: 'provider' } | { via: 'link'; email: string; url: string };

export interface IdentityAdmin {
  /** Staff management; absent when roles come from an external provider's claims. */
  staff?: StaffDirectory;
  /** Sets a new password; throws IdentityAdminError('WEAK_PASSWORD' | 'NOT_FOUND'). */
  changePassword(subject: string, newPassword: string): Promise<void>;
  /** A single-use, short-lived link where the user enrols a second factor. */
  createMfaEnrollmentTicket(subject: string): Promise<string>;
  /** The confirmed enrolments, or [] when MFA is off. */
  getMfaStatus(subject: string): Promise<MfaEnrolment[]>;
  disableMfa(subject: string): Promise<void>;
  /** Queues the verification link; says so when the email is already verified. */
  sendVerificationEmail(subject: string): Promise<'sent' | 'already-verified'>;
  /** Deletes the identity and everything that lets it sign in. Idempotent. */
  deleteUser(subject: string): Promise<void>;
  /**
   * A single-use password reset link for the user (staff "send reset link"); throws
   * IdentityAdminError('NOT_FOUND') when there is no such identity or it has no password.
   */
  sendPasswordReset(subject: string): Promise<PasswordResetDelivery>;
  /** Ends every session and refresh token of the user. */
  revokeSessions(subject: string): Promise<void>;
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
