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

export const allPermissions = [
  ...customerPermissions,
  ...cardPermissions,
  ...transactionPermissions,
  ...logPermissions,
] as const;

export type Permission = (typeof allPermissions)[number];

export type Role = 'admin' | 'customer';

/**
 * NOTE: a customer's permissions act on their own rows only (ownership is checked by the
 * server); 'customer:get' on someone else's record is what makes a caller staff.
 */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  admin: allPermissions,
  customer: [],
};

export function permissionsForRoles(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) {
    for (const p of rolePermissions[role as Role] ?? []) granted.add(p);
  }
  return [...granted].sort();
}
