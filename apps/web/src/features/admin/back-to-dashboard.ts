/**
 * Spec: 'Back To Dashboard' opens /dashboard?from=admin-dashboard and sets the session flag
 * backDashboard, which lets the customer area offer 'Back To Admin' (/admin/users).
 */
export const BACK_DASHBOARD_FLAG = 'backDashboard';
export const DASHBOARD_FROM_ADMIN = '/dashboard?from=admin-dashboard';
export const BACK_TO_ADMIN_PATH = '/admin/users';

export function markCameFromAdmin() {
  try {
    sessionStorage.setItem(BACK_DASHBOARD_FLAG, 'true');
  } catch {
    // Private mode without storage: the link back simply does not show.
  }
}

export function cameFromAdmin(): boolean {
  try {
    return sessionStorage.getItem(BACK_DASHBOARD_FLAG) === 'true';
  } catch {
    return false;
  }
}

export function clearCameFromAdmin() {
  try {
    sessionStorage.removeItem(BACK_DASHBOARD_FLAG);
  } catch {
    // nothing stored
  }
}
