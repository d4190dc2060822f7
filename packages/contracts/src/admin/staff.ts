import { z } from 'zod';

export * from './staff-words.ts';

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
