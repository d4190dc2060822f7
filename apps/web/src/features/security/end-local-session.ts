import { markLeaving } from '../../app/auth/log-out.ts';
import { whenUserManager } from '../../app/auth/user-manager.ts';

/** How long a farewell message ('Account Deleted successfully', ...) shows before leaving. */
export const LEAVE_DELAY_MS = 1500;

/**
 * Logs out on this device after the server has already ended every session (password
 * changed, account deleted): the stored user is forgotten at once, so no further API call
 * carries the old token, then after `delayMs` the page saying what happened loads (`landing`,
 * a public path: /signed-out?reason=password-changed, /account-deleted).
 *
 * NOTE: storeUser(null) rather than removeUser(): removeUser fires `userUnloaded`, which makes
 * RequireAuth start a new sign-in that can race (and win against) the navigation to the origin.
 */
export async function endLocalSession(delayMs = 0, landing = '/'): Promise<void> {
  markLeaving();
  try {
    const userManager = await whenUserManager();
    userManager.stopSilentRenew();
    await userManager.storeUser(null);
  } finally {
    window.setTimeout(() => window.location.replace(`${window.location.origin}${landing}`), delayMs);
  }
}
