import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isStaffRole, type StaffRole, staffRoles } from '@pria/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import { enqueueEmail } from '../platform/outbox.ts';
import { esc } from './pages.ts';
import {
  IdpUserError,
  messages,
  normalizeEmail,
  passwordProblem,
  revokeUserSessions,
  setPassword,
} from './users.ts';

/**
 * Staff accounts of the built-in provider (issue 16): an admin invites by email with a role; the
 * invitee sets a password through a single-use link valid INVITE_DAYS (only its sha256 is
 * stored). Roles change and accounts are disabled here; the API re-reads both on every staff
 * call (platform/app.ts), so a demotion or a disable takes effect at once.
 */
export const INVITE_DAYS = 7;
const INVITE_PURPOSE = 'staff-invite';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface StaffMember {
  id: string;
  email: string;
  roles: string[];
  disabled: boolean;
  /** Invited and has not set a password yet. */
  invited: boolean;
  createdAt: Date;
}

const toMember = (r: {
  id: string;
  email: string;
  roles: string[];
  disabled: boolean;
  password_hash: string | null;
  created_at: Date;
}): StaffMember => ({
  id: r.id,
  email: r.email,
  roles: r.roles,
  disabled: r.disabled,
  invited: r.password_hash === null,
  createdAt: new Date(r.created_at),
});

const memberColumns = ['id', 'email', 'roles', 'disabled', 'password_hash', 'created_at'] as const;

/** Every identity holding a staff role, by email. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('idp_users')
    .select(memberColumns)
    .where(sql<boolean>`roles && ${sql.val([...staffRoles])}::text[]`)
    .orderBy('email')
    .execute();
  return rows.map(toMember);
}

export async function findStaff(db: Db, id: string): Promise<StaffMember | null> {
  const row = await db
    .selectFrom('idp_users')
    .select(memberColumns)
    .where('id', '=', id)
    .where(sql<boolean>`roles && ${sql.val([...staffRoles])}::text[]`)
    .executeTakeFirst();
  return row ? toMember(row) : null;
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

function inviteEmail(link: string, role: StaffRole) {
  const text = [
    `You are invited to Pria's staff portal as ${role}.`,
    '',
    'Set your password by opening this link:',
    link,
    '',
    `The link works once and expires in ${INVITE_DAYS} days. If you did not expect this, ignore this email.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0b1f3a">
<h1 style="font-size:20px">You are invited to Pria</h1>
<p>You are invited to Pria's staff portal as <strong>${esc(role)}</strong>.</p>
<p><a href="${esc(link)}" style="display:inline-block;background:#0b1f3a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Set your password</a></p>
<p style="font-size:13px;color:#555">The link works once and expires in ${INVITE_DAYS} days. If you did not expect this, ignore this email.</p>
</body></html>`;
  return { text, html };
}

/**
 * Creates the staff identity (no password yet, so it cannot sign in) and queues the invitation.
 * Pass a transaction as `db` to commit it with the audit row. Throws IdpUserError
 * ('INVALID_EMAIL' | 'EMAIL_TAKEN').
 */
export async function inviteStaff(
  db: Db,
  config: Config,
  input: { email: string; role: StaffRole; invitedBy: string },
): Promise<StaffMember> {
  const email = normalizeEmail(input.email);
  if (!z.email().safeParse(email).success) throw new IdpUserError('INVALID_EMAIL', messages.invalidEmail);
  const inserted = await db
    .insertInto('idp_users')
    .values({
      id: `auth|${randomUUID()}`,
      email,
      password_hash: null,
      // The link goes to this address: following it proves it.
      email_verified: true,
      roles: [input.role],
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(memberColumns)
    .executeTakeFirst();
  if (!inserted) throw new IdpUserError('EMAIL_TAKEN', 'An account with this email already exists.');
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('idp_email_tokens')
    .values({
      user_id: inserted.id,
      purpose: INVITE_PURPOSE,
      token_hash: sha256(token),
      email,
      expires_at: new Date(Date.now() + INVITE_DAYS * 24 * 3600 * 1000),
    })
    .execute();
  const link = `${config.publicUrl}/oidc/staff-invite?token=${encodeURIComponent(token)}`;
  await enqueueEmail(db, {
    to: email,
    subject: "You are invited to Pria's staff portal",
    ...inviteEmail(link, input.role),
  });
  return toMember(inserted);
}

/** Replaces a staff member's role; null when no staff member has that id. */
export async function setStaffRole(
  db: Db,
  id: string,
  role: StaffRole,
): Promise<{ before: StaffMember; after: StaffMember } | null> {
  const before = await findStaff(db, id);
  if (!before) return null;
  // Other roles (e.g. 'customer' on a staff member who also uses the app) are kept.
  const roles = [...before.roles.filter((r) => !isStaffRole(r)), role];
  const after = await db
    .updateTable('idp_users')
    .set({ roles, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(memberColumns)
    .executeTakeFirstOrThrow();
  return { before, after: toMember(after) };
}

/** Disables (or re-enables) a staff member; disabling ends their sessions. Null when unknown. */
export async function setStaffDisabled(
  db: Db,
  id: string,
  disabled: boolean,
): Promise<{ before: StaffMember; after: StaffMember } | null> {
  const before = await findStaff(db, id);
  if (!before) return null;
  const after = await db
    .updateTable('idp_users')
    .set({ disabled, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(memberColumns)
    .executeTakeFirstOrThrow();
  if (disabled) await revokeUserSessions(db, id);
  return { before, after: toMember(after) };
}

/** Whether an invitation token is still good (the page shows the form only then). */
export async function inviteIsValid(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await db
    .selectFrom('idp_email_tokens')
    .select('id')
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', INVITE_PURPOSE)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

export type AcceptInviteResult =
  | { ok: true; email: string }
  | { ok: false; reason: 'invalid' | 'weak'; message: string };

/** Sets the invitee's password and uses the link up, together; a weak password leaves the link usable. */
export async function acceptStaffInvite(
  db: Db,
  token: string,
  password: string,
): Promise<AcceptInviteResult> {
  const problem = passwordProblem(password);
  if (problem) return { ok: false, reason: 'weak', message: problem };
  if (!token || token.length > 200) return { ok: false, reason: 'invalid', message: 'invalid' };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('idp_email_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', INVITE_PURPOSE)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['user_id', 'email'])
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'invalid', message: 'invalid' } as const;
    await setPassword(trx, row.user_id, password);
    return { ok: true, email: row.email } as const;
  });
}
