import { isStaffRole, type StaffRow, staffMessages } from '@pria/contracts';
import {
  IdentityAdminError,
  type StaffAccount,
  type StaffActorRef,
  type StaffDirectory,
} from '../../../identity-admin/port.ts';
import { type AuditContext, recordStaffAction, type StaffAction } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError, invalid } from '../../../platform/errors.ts';

/**
 * What every staff change shares (issue 30): the directory (the built-in provider keeps staff;
 * an external one keeps them in its claims), the change and its audit row in one transaction,
 * and the provider's refusals as the API's answers.
 */
export function staffDirectoryOf(directory: StaffDirectory | undefined): StaffDirectory {
  if (!directory) throw new AppError('CONFLICT', staffMessages.externalDirectory);
  return directory;
}

export const toStaffRow = (s: StaffAccount): StaffRow => ({
  id: s.id,
  email: s.email,
  roles: s.roles,
  disabled: s.disabled,
  invited: s.invited,
  createdAt: s.createdAt.toISOString(),
  invitation: s.invitation && {
    ...s.invitation,
    sentAt: s.invitation.sentAt.toISOString(),
    expiresAt: s.invitation.expiresAt.toISOString(),
  },
});

/** What the audit trail keeps of a member: who, and their standing (no secrets). */
export const auditedMember = (s: StaffAccount) => ({
  email: s.email,
  roles: s.roles.filter(isStaffRole),
  disabled: s.disabled,
  invitation: s.invitation ? { state: s.invitation.state, expiresAt: s.invitation.expiresAt } : null,
});

/** The acting admin as the directory needs them (their id is checked again in the transaction). */
export const actorOf = (audit: AuditContext, subject: string): StaffActorRef => ({
  actorId: subject,
  actor: audit.actor,
});

function refusal(err: unknown): unknown {
  if (!(err instanceof IdentityAdminError)) return err;
  switch (err.code) {
    case 'INVALID_EMAIL':
      return invalid(err.message);
    case 'NOT_ADMIN':
      return new AppError('FORBIDDEN', staffMessages.notAdmin);
    case 'EMAIL_TAKEN':
    case 'LAST_ADMIN':
    case 'ALREADY_ACCEPTED':
    case 'NOT_PENDING':
      return new AppError('CONFLICT', err.message);
    default:
      return err;
  }
}

/**
 * Makes a change and writes its audit row in the same transaction (a refused change writes
 * neither); `audit` turns the result into the row, or null when nothing changed.
 */
export async function auditedStaffChange<T>(
  db: Db,
  audit: AuditContext,
  change: (tx: Db) => Promise<T>,
  row: (result: T) => StaffAction | null,
): Promise<T> {
  try {
    return await db.transaction().execute(async (tx) => {
      const result = await change(tx);
      const action = row(result);
      if (action) await recordStaffAction(tx, audit, action);
      return result;
    });
  } catch (err) {
    throw refusal(err);
  }
}
