/** Permission names from the admin spec (section 3). The server checks these; the UI only hides. */
export const customerPermissions = [
  'customer:change-password',
  'customer:delete',
  'customer:get',
  'customer:get-all',
  'customer:notification',
  'customer:put',
  'customer:verify-email',
] as const;

export const cardPermissions = ['card:delete', 'card:get', 'card:post', 'card:put'] as const;

/**
 * Not in the spec's list (issue 40): staff pause, resume and cancel a client's plan from the
 * client page, through the customer's own use cases. It stops or ends charges, so it is money:
 * finance and admin, not support.
 */
export const subscriptionPermissions = ['subscription:put'] as const;

export const transactionPermissions = [
  'transaction:confirm-paymentintent',
  'transaction:cybersource',
  'transaction:payin',
  'transaction:payout',
  'transaction:stripe',
  // Not in the spec's list: operations (issue 16).
  'transaction:refund',
  'transaction:dispute',
] as const;

/** Not in the spec's list, but the Logs screen needs a privilege in the 'log' group. */
export const logPermissions = ['log:get'] as const;

/** Operations (issue 16): CSV exports, the staff audit trail, staff management. */
export const operationsPermissions = ['export:get', 'audit:get', 'staff:manage'] as const;

export const allPermissions = [
  ...customerPermissions,
  ...cardPermissions,
  ...subscriptionPermissions,
  ...transactionPermissions,
  ...logPermissions,
  ...operationsPermissions,
] as const;

export type Permission = (typeof allPermissions)[number];

/**
 * Who sees the books (ADR 14, issue 30): the permission of GET /billing/reconciliation and of
 * the admin home's money figures (months, reconciliation, what needs attention). Support, who
 * lacks it, sees counts only, on the server and in the web app alike.
 */
export const booksPermission: Permission = 'transaction:payin';

/** Staff roles, least privilege first (docs/adr: the role model). */
export const staffRoles = ['support', 'finance', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];
export type Role = StaffRole | 'customer';

export const isStaffRole = (role: string): role is StaffRole =>
  (staffRoles as readonly string[]).includes(role);

/** Support: read clients, their cards, activity and logs; send verification links. No money, no exports. */
const supportPermissions = [
  'customer:get',
  'customer:get-all',
  'customer:verify-email',
  'card:get',
  'log:get',
] as const satisfies readonly Permission[];

/**
 * Finance: support, plus the money (verify, forced runs, pay-backs, refunds, disputes,
 * reconciliation; pausing, resuming and cancelling a client's plan) and exports.
 */
const financePermissions = [
  ...supportPermissions,
  'subscription:put',
  'transaction:payin',
  'transaction:payout',
  'transaction:refund',
  'transaction:dispute',
  'export:get',
] as const satisfies readonly Permission[];

/**
 * NOTE: a customer's permissions act on their own rows only (ownership is checked by the
 * server); 'customer:get' on someone else's record is what makes a caller staff.
 * Admin is everything, including staff management and the audit trail.
 */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  admin: allPermissions,
  finance: financePermissions,
  support: supportPermissions,
  customer: [],
};

export function permissionsForRoles(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) {
    for (const p of rolePermissions[role as Role] ?? []) granted.add(p);
  }
  return [...granted].sort();
}
