import { hasPrivilege, type Privilege } from '../../features/admin/shared/privileges.ts';

export interface AdminLink {
  label: string;
  to: string;
  privilege: Privilege;
  exact?: boolean;
}

/** The admin sidebar's entries, each behind the privilege its screen's API needs. */
export const adminLinks: readonly AdminLink[] = [
  { label: 'Home', to: '/admin', privilege: 'customer', exact: true },
  { label: 'Client Details', to: '/admin/users', privilege: 'customer' },
  { label: 'Logs', to: '/admin/logs', privilege: 'log' },
  { label: 'Transactions', to: '/admin/transactions', privilege: 'transaction' },
  { label: 'Pay-backs', to: '/admin/paybacks', privilege: 'transaction' },
  { label: 'Disputes', to: '/admin/disputes', privilege: 'dispute' },
  { label: 'Audit Trail', to: '/admin/audit', privilege: 'audit' },
  { label: 'Staff', to: '/admin/staff', privilege: 'staff' },
];

/** The entries a signed-in staff member sees: those their permissions cover (the UI only hides). */
export function visibleAdminLinks(permissions: readonly string[]): AdminLink[] {
  return adminLinks.filter((link) => hasPrivilege(permissions, link.privilege));
}
