import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { formatDateTime, isStaffRole, type StaffRole, staffMessages } from '@pria/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import { enqueueEmail } from '../platform/outbox.ts';
import { esc } from './pages.ts';
import { assertActingAdmin, findStaff, lockStaff, type StaffActor, type StaffMember } from './staff.ts';
import {
  findUserByEmail,
  IdpUserError,
  identityAccount,
  messages,
  normalizeEmail,
  passwordProblem,
  setPassword,
} from './users.ts';

/**
 * Staff invitations (issues 16 and 30). An admin invites by email with a role: the identity is
 * created without a password (it cannot sign in) and a single-use link valid INVITE_DAYS lets
 * the invitee set one (only its sha256 is stored, in staff_invitations). A person has one live
 * link at most: sending again (from the Staff screen, or inviting the address again) replaces
 * it, so the old link stops working; an admin may revoke it, and send a new one after it
 * expired or was revoked. Each of these is audited by the caller, in the same transaction.
 */
export const INVITE_DAYS = 7;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export type InvitationErrorCode = 'ALREADY_ACCEPTED' | 'NOT_PENDING';

export class InvitationError extends Error {
  readonly code: InvitationErrorCode;
  constructor(code: InvitationErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

function inviteEmail(link: string, role: StaffRole, expiresAt: Date) {
  const until = formatDateTime(expiresAt);
  const text = [
    `You are invited to Pria's staff portal as ${role}.`,
    '',
    'Set your password by opening this link:',
    link,
    '',
    `The link works once and expires in ${INVITE_DAYS} days, on ${until}; any earlier invitation link no longer works. If you did not expect this, ignore this email.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0b1f3a">
<h1 style="font-size:20px">You are invited to Pria</h1>
<p>You are invited to Pria's staff portal as <strong>${esc(role)}</strong>.</p>
<p><a href="${esc(link)}" style="display:inline-block;background:#0b1f3a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Set your password</a></p>
<p style="font-size:13px;color:#555">The link works once and expires in ${INVITE_DAYS} days, on ${esc(until)}; any earlier invitation link no longer works. If you did not expect this, ignore this email.</p>
</body></html>`;
  return { text, html };
}

/** Replaces the person's live link (if any) with a new one and emails it. */
async function issueInvitation(
  db: Db,
  config: Config,
  user: { id: string; email: string },
  role: StaffRole,
  invitedBy: string,
): Promise<void> {
  await db
    .updateTable('staff_invitations')
    .set({ revoked_at: sql<Date>`now()`, revoked_by: invitedBy, revoked_reason: 'replaced' })
    .where('user_id', '=', user.id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 24 * 3600 * 1000);
  await db
    .insertInto('staff_invitations')
    .values({
      user_id: user.id,
      email: user.email,
      role,
      token_hash: sha256(token),
      invited_by: invitedBy,
      expires_at: expiresAt,
    })
    .execute();
  const link = `${config.publicUrl}/oidc/staff-invite?token=${encodeURIComponent(token)}`;
  await enqueueEmail(db, {
    to: user.email,
    subject: "You are invited to Pria's staff portal",
    ...inviteEmail(link, role, expiresAt),
    account: identityAccount(config, user.id),
  });
}

/** An identity made by an invitation that has not set a password yet. */
async function invitee(db: Db, id: string): Promise<StaffMember | null> {
  const member = await findStaff(db, id);
  return member?.invited && member.invitation ? member : null;
}

export interface InviteResult {
  member: StaffMember;
  /** True when the address already had an invitation (pending, expired or revoked): a new link replaced it. */
  resent: boolean;
  before: StaffMember | null;
}

/**
 * Invites an address, or sends a new link to one already invited (with the role asked now).
 * Pass the transaction that audits it. Throws IdpUserError('INVALID_EMAIL' | 'EMAIL_TAKEN'),
 * EMAIL_TAKEN only for an account that can already sign in.
 */
export async function inviteStaff(
  db: Db,
  config: Config,
  input: { email: string; role: StaffRole; invitedBy: string } & Partial<StaffActor>,
): Promise<InviteResult> {
  const email = normalizeEmail(input.email);
  if (!z.email().safeParse(email).success) throw new IdpUserError('INVALID_EMAIL', messages.invalidEmail);
  await lockStaff(db);
  if (input.actorId) await assertActingAdmin(db, input.actorId);
  const existing = await findUserByEmail(db, email);
  const before = existing ? await invitee(db, existing.id) : null;
  if (existing && !before) throw new IdpUserError('EMAIL_TAKEN', staffMessages.emailTaken);
  let id = existing?.id;
  if (before) {
    const roles = [...before.roles.filter((r) => !isStaffRole(r)), input.role];
    await db
      .updateTable('idp_users')
      .set({ roles, updated_at: sql<Date>`now()` })
      .where('id', '=', before.id)
      .execute();
  } else {
    id = `auth|${randomUUID()}`;
    await db
      .insertInto('idp_users')
      // The link goes to this address: following it proves it.
      .values({ id, email, password_hash: null, email_verified: true, roles: [input.role] })
      .execute();
  }
  await issueInvitation(db, config, { id: id as string, email }, input.role, input.invitedBy);
  return { member: (await findStaff(db, id as string)) as StaffMember, resent: before !== null, before };
}

/** A new link for someone invited who has not set a password (the old link stops working). */
export async function resendStaffInvitation(
  db: Db,
  config: Config,
  id: string,
  by: StaffActor & { invitedBy: string },
): Promise<{ before: StaffMember; after: StaffMember } | null> {
  await lockStaff(db);
  await assertActingAdmin(db, by.actorId);
  const member = await findStaff(db, id);
  if (!member) return null;
  if (!member.invited || !member.invitation)
    throw new InvitationError('ALREADY_ACCEPTED', staffMessages.alreadyAccepted);
  const role = (member.roles.find(isStaffRole) as StaffRole | undefined) ?? member.invitation.role;
  await issueInvitation(db, config, member, role, by.invitedBy);
  return { before: member, after: (await findStaff(db, id)) as StaffMember };
}

/** Withdraws the live link: it stops working; the person stays listed, and may be invited again. */
export async function revokeStaffInvitation(
  db: Db,
  id: string,
  by: StaffActor & { revokedBy: string },
): Promise<{ before: StaffMember; after: StaffMember } | null> {
  await lockStaff(db);
  await assertActingAdmin(db, by.actorId);
  const member = await findStaff(db, id);
  if (!member) return null;
  const revoked = await db
    .updateTable('staff_invitations')
    .set({ revoked_at: sql<Date>`now()`, revoked_by: by.revokedBy, revoked_reason: 'revoked' })
    .where('user_id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (Number(revoked.numUpdatedRows) === 0)
    throw new InvitationError('NOT_PENDING', staffMessages.notPending);
  return { before: member, after: (await findStaff(db, id)) as StaffMember };
}

const liveLink = (db: Db, token: string) =>
  db
    .selectFrom('staff_invitations as i')
    .innerJoin('idp_users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.user_id', 'i.email'])
    .where('i.token_hash', '=', sha256(token))
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`)
    .where('u.disabled', '=', false);

/** Whether an invitation link is still good (the page shows the form only then). */
export async function inviteIsValid(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  return (await liveLink(db, token).executeTakeFirst()) !== undefined;
}

export type AcceptInviteResult =
  | { ok: true; email: string }
  | { ok: false; reason: 'invalid' | 'replaced' | 'weak'; message: string };

/** Whether the link was replaced by a newer one that still works (an admin sent the invitation again). */
async function replacedByLiveLink(db: Db, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff_invitations as old')
    .innerJoin('staff_invitations as live', 'live.user_id', 'old.user_id')
    .select('live.id')
    .where('old.token_hash', '=', sha256(token))
    .where('old.revoked_reason', '=', 'replaced')
    .where('live.accepted_at', 'is', null)
    .where('live.revoked_at', 'is', null)
    .where('live.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets the invitee's password and uses the link up, together; a weak password leaves the link
 * usable. It takes the staff lock first, like every staff change: an admin inviting the same
 * address at that moment either comes after (and is told the address has an account) or came
 * before (and this link was replaced), never a deadlock between the two (issue 39: the two
 * locked the invitation and the identity in opposite orders).
 */
export async function acceptStaffInvite(
  db: Db,
  token: string,
  password: string,
): Promise<AcceptInviteResult> {
  const problem = passwordProblem(password);
  if (problem) return { ok: false, reason: 'weak', message: problem };
  if (!token || token.length > 200) return { ok: false, reason: 'invalid', message: 'invalid' };
  try {
    return await db.transaction().execute(async (trx) => {
      await lockStaff(trx);
      const link = await liveLink(trx, token).forUpdate('i').executeTakeFirst();
      if (!link) {
        return (await replacedByLiveLink(trx, token))
          ? ({ ok: false, reason: 'replaced', message: 'replaced' } as const)
          : ({ ok: false, reason: 'invalid', message: 'invalid' } as const);
      }
      await trx
        .updateTable('staff_invitations')
        .set({ accepted_at: sql<Date>`now()` })
        .where('id', '=', link.id)
        .execute();
      await setPassword(trx, link.user_id, password);
      return { ok: true, email: link.email } as const;
    });
  } catch (err) {
    // A password weak for this person (their own address in it): refused whole, link still good.
    if (err instanceof IdpUserError && err.code === 'WEAK_PASSWORD')
      return { ok: false, reason: 'weak', message: err.message };
    throw err;
  }
}

/**
 * "Forgot password?" for someone invited who never set a password: no new link (an invitation
 * is an admin's decision, and one that expired or was revoked must stay so), but an email
 * saying where they stand and what to do. Nothing when the address is not such an invitee.
 */
export async function remindInvitee(db: Db, config: Config, userId: string): Promise<boolean> {
  const member = await invitee(db, userId);
  if (!member?.invitation || member.disabled) return false;
  const inv = member.invitation;
  const pending = inv.state === 'pending';
  const lines = pending
    ? [
        `You were invited to Pria's staff portal but have not set a password yet, so there is no password to reset.`,
        `Open the link in your invitation email (it works until ${formatDateTime(inv.expiresAt)}), or ask the admin who invited you (${inv.invitedBy}) to send a new one.`,
      ]
    : [
        `You were invited to Pria's staff portal, but that invitation ${inv.state === 'revoked' ? 'was withdrawn' : 'has expired'} before a password was set, so there is no password to reset.`,
        `If you should have access, ask an admin (${inv.invitedBy} invited you) to send you a new invitation.`,
      ];
  const text = [...lines, '', 'If you did not ask to reset a password, ignore this email.'].join('\n\n');
  await enqueueEmail(db, {
    to: member.email,
    subject: 'About your Pria staff invitation',
    text,
    account: identityAccount(config, member.id),
  });
  return true;
}
