import { useMemo } from 'react';
import { useAuth } from '../../../app/auth/auth-state.tsx';
import { permissionsFromAccessToken } from '../../../app/auth/claims.ts';

/**
 * The spec's privilege groups; a staff member holds one when any permission string contains it.
 * Operations (issue 16): 'export' (CSV exports), 'audit' (the audit trail), 'staff' (management),
 * 'refund' and 'dispute' (transaction:refund, transaction:dispute: finance and admin).
 */
export type Privilege =
  | 'customer'
  | 'card'
  | 'log'
  | 'transaction'
  | 'export'
  | 'audit'
  | 'staff'
  | 'refund'
  | 'dispute';

export function hasPrivilege(permissions: readonly string[], privilege: Privilege): boolean {
  return permissions.some((p) => p.includes(privilege));
}

/** Privilege checks from the access token's permissions claim. The UI only hides; the API enforces. */
export function usePrivileges() {
  const auth = useAuth();
  const token = auth.user?.access_token;
  return useMemo(() => {
    const permissions = permissionsFromAccessToken(token);
    return {
      permissions,
      has: (privilege: Privilege) => hasPrivilege(permissions, privilege),
    };
  }, [token]);
}
