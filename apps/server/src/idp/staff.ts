import { isStaffRole, type StaffRole, staffMessages, staffRoles } from '@pria/contracts';
import { sql } from 'kysely';
import { lockForTransaction } from '../platform/advisory-locks.ts';
import type { Db } from '../platform/db.ts';
import { revokeUserSessions } from './users.ts';

/**
 * Staff accounts of the built-in provider (issues 16 and 30): roles change and accounts are
 * disabled here; the API re-reads both on every staff call (platform/app.ts), so a demotion or a
 * disable takes effect at once. Every change takes one lock (`lockStaff`) and checks, in the
 * transaction that makes it, that the acting admin still is one and that an enabled admin with a
 * password remains: two admins disabling or demoting each other at once cannot both succeed.
 * Invitations are in staff-invitations.ts.
 */
export type InvitationState = 'pending' | 'expired' | 'revoked' | 'accepted';

export interface StaffInvitation {
  state: InvitationState;
  role: StaffRole;
  sentAt: Date;
  expiresAt: Date;
  invitedBy: string;
}

export interface StaffMember {
  id: string;
  email: string;
  roles: string[];
  disabled: boolean;
  /** Invited and has not set a password yet. */
  invited: boolean;
  createdAt: Date;
  /** The latest invitation sent to them, if any. */
  invitation: StaffInvitation | null;
}

export type StaffRuleCode = 'LAST_ADMIN' | 'NOT_ADMIN';

/** A change the staff rules refuse; nothing was written. */
export class StaffRuleError extends Error {
  readonly code: StaffRuleCode;
  constructor(code: StaffRuleCode, message: string) {
    super(message);
    this.code = code;
  }
}

const staffRoleList = sql.val([...staffRoles]);
const isStaffRow = sql<boolean>`u.roles && ${staffRoleList}::text[]`;

interface MemberRow {
  id: string;
  email: string;
  roles: string[];
  disabled: boolean;
  password_hash: string | null;
  created_at: Date;
  inv_role: StaffRole | null;
  inv_sent_at: Date | null;
  inv_expires_at: Date | null;
  inv_accepted_at: Date | null;
  inv_revoked_at: Date | null;
  inv_revoked_reason: string | null;
  inv_invited_by: string | null;
  inv_expired: boolean | null;
}

function toMember(r: MemberRow): StaffMember {
  let invitation: StaffInvitation | null = null;
  if (r.inv_sent_at && r.inv_expires_at && r.inv_role) {
    const state: InvitationState = r.inv_accepted_at
      ? 'accepted'
      : r.inv_revoked_at
        ? 'revoked'
        : r.inv_expired
          ? 'expired'
          : 'pending';
    invitation = {
      state,
      role: r.inv_role,
      sentAt: new Date(r.inv_sent_at),
      expiresAt: new Date(r.inv_expires_at),
      invitedBy: r.inv_invited_by ?? '',
    };
  }
  return {
    id: r.id,
    email: r.email,
    roles: r.roles,
    disabled: r.disabled,
    invited: r.password_hash === null,
    createdAt: new Date(r.created_at),
    invitation,
  };
}

/** Staff identities with their latest invitation; `id` narrows to one. */
async function readMembers(db: Db, id?: string): Promise<StaffMember[]> {
  const rows = await sql<MemberRow>`
    select u.id, u.email, u.roles, u.disabled, u.password_hash, u.created_at,
      i.role as inv_role, i.created_at as inv_sent_at, i.expires_at as inv_expires_at,
      i.accepted_at as inv_accepted_at, i.revoked_at as inv_revoked_at,
      i.revoked_reason as inv_revoked_reason, i.invited_by as inv_invited_by,
      i.expires_at <= now() as inv_expired
    from idp_users u
    left join lateral (
      select * from staff_invitations s where s.user_id = u.id order by s.created_at desc limit 1
    ) i on true
    where ${isStaffRow} ${id === undefined ? sql`` : sql`and u.id = ${id}`}
    order by u.email`.execute(db);
  return rows.rows.map(toMember);
}

/** Every identity holding a staff role, by email. */
export function listStaff(db: Db): Promise<StaffMember[]> {
  return readMembers(db);
}

export async function findStaff(db: Db, id: string): Promise<StaffMember | null> {
  return (await readMembers(db, id))[0] ?? null;
}

/** What the API needs on each staff call: the current roles, and whether the account may act. */
export async function staffStanding(
  db: Db,
  id: string,
): Promise<{ roles: string[]; disabled: boolean } | null> {
  const row = await db
    .selectFrom('idp_users')
    .select(['roles', 'disabled'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Serialises every change to who is staff and with which powers (role, disable, invitations)
 * for the rest of the transaction: the checks below then see every change committed before.
 */
export async function lockStaff(db: Db): Promise<void> {
  await lockForTransaction(db, 'staff');
}

/**
 * After `lockStaff`: refuses when the acting admin (the token's subject) is no longer an enabled
 * admin, e.g. another admin disabled or demoted them while their request was on its way.
 */
export async function assertActingAdmin(db: Db, actorId: string): Promise<void> {
  const me = await staffStanding(db, actorId);
  if (!me || me.disabled || !me.roles.includes('admin'))
    throw new StaffRuleError('NOT_ADMIN', staffMessages.notAdmin);
}

/** After the change, in its transaction: at least one enabled admin who can sign in remains. */
async function assertAnAdminRemains(db: Db): Promise<void> {
  const row = await sql<{ n: number }>`
    select count(*)::int as n from idp_users u
    where 'admin' = any(u.roles) and not u.disabled and u.password_hash is not null`.execute(db);
  if ((row.rows[0]?.n ?? 0) < 1) throw new StaffRuleError('LAST_ADMIN', staffMessages.lastAdmin);
}

export interface StaffActor {
  /** The acting admin's identity id (the token's subject). */
  actorId: string;
}

/**
 * Replaces a staff member's role; null when no staff member has that id. Ends their sessions
 * and tokens (they sign in again, with the new role). Pass the transaction that audits it.
 */
export async function setStaffRole(
  db: Db,
  id: string,
  role: StaffRole,
  by: StaffActor,
): Promise<{ before: StaffMember; after: StaffMember } | null> {
  await lockStaff(db);
  await assertActingAdmin(db, by.actorId);
  const before = await findStaff(db, id);
  if (!before) return null;
  // Other roles (e.g. 'customer' on a staff member who also uses the app) are kept.
  const roles = [...before.roles.filter((r) => !isStaffRole(r)), role];
  await db
    .updateTable('idp_users')
    .set({ roles, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  await assertAnAdminRemains(db);
  // Their sessions end too (ADR 51): a refresh racing the change could otherwise mint a token of
  // the old standing; they sign in again and their tokens carry the new role.
  if (before.roles.filter(isStaffRole).join() !== role)
    await revokeUserSessions(db, id, 'staff_role_changed');
  return { before, after: (await findStaff(db, id)) as StaffMember };
}

/**
 * Disables (or re-enables) a staff member; disabling ends their sessions and every token issued
 * before it, so tokens from before a disable never work again, even after a re-enable. Null
 * when unknown. Pass the transaction that audits it.
 */
export async function setStaffDisabled(
  db: Db,
  id: string,
  disabled: boolean,
  by: StaffActor,
): Promise<{ before: StaffMember; after: StaffMember } | null> {
  await lockStaff(db);
  await assertActingAdmin(db, by.actorId);
  const before = await findStaff(db, id);
  if (!before) return null;
  await db
    .updateTable('idp_users')
    .set({ disabled, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
  await assertAnAdminRemains(db);
  if (disabled) await revokeUserSessions(db, id, 'staff_disabled');
  return { before, after: (await findStaff(db, id)) as StaffMember };
}
