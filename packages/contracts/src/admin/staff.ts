import { z } from 'zod';

/** The Staff screen's words, and the server's refusals of staff changes (issue 30). */
export const staffMessages = {
  invitationSent: 'Invitation sent',
  invitationResent: 'Invitation sent again: the earlier link no longer works',
  invitationRevoked: 'Invitation revoked: the link no longer works',
  roleChanged: 'Role changed',
  disabled: 'Staff member disabled',
  enabled: 'Staff member enabled',
  emailTaken: 'An account with this email already exists',
  lastAdmin: 'Pria must keep at least one enabled admin: make someone else an admin first',
  notAdmin: 'You are no longer an enabled admin',
  alreadyAccepted: 'This person has already set their password: their invitation is used',
  notPending: 'There is no pending invitation to revoke',
  notFound: 'Staff member not found',
  selfDemote: 'You cannot remove your own admin role; ask another admin',
  selfDisable: 'You cannot disable yourself; ask another admin',
  externalDirectory: 'Staff roles come from your identity provider: manage them there',
  staffCannotDeleteAccount:
    'Staff accounts are not deleted here: another admin disables your staff account from Admin → Staff',
} as const;

const staffRoleField = z.enum(['support', 'finance', 'admin'], {
  error: 'role must be one of support, finance, admin',
});

export const staffInviteRequest = z.object({
  email: z
    .string()
    .trim()
    .max(320, 'email is at most 320 characters')
    .pipe(z.email('Enter a valid email address.'))
    .meta({ type: 'string', format: 'email', maxLength: 320 }),
  role: staffRoleField,
});
export type StaffInviteRequest = z.infer<typeof staffInviteRequest>;

export const staffRoleRequest = z.object({ role: staffRoleField });
export const staffDisableRequest = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false' }),
});
export const staffParams = z.object({
  id: z.string().regex(/^auth\|[0-9a-f-]{36}$/i, 'id must be a staff member id'),
});

/** The latest invitation sent to a staff member and what became of it (issue 30). */
export const staffInvitation = z.object({
  state: z.enum(['pending', 'expired', 'revoked', 'accepted']),
  role: staffRoleField,
  sentAt: z.string(),
  expiresAt: z.string(),
  /** Who sent it: an admin's email, or `cli:<user>` for the command line. */
  invitedBy: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitation>;

export const staffRow = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  disabled: z.boolean(),
  /** Invited and has not set a password yet. */
  invited: z.boolean(),
  createdAt: z.string(),
  invitation: staffInvitation.nullable(),
});
export type StaffRow = z.infer<typeof staffRow>;
