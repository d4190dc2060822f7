// No zod here: the admin screens read these without loading the schemas beside them, so the
// browser carries no classic zod (ADR 88's addendum).

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
