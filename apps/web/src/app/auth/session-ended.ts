import { leavingThisPage } from './log-out.ts';
import { signInParams } from './sign-in-params.ts';
import { whenUserManager } from './user-manager.ts';

let leaving = false;

/**
 * The server ended this session (issue 30): a password or MFA change, a staff disable or role
 * change, or "sign out everywhere" on another device makes every earlier token invalid (401)
 * and the refresh token with it. The stored user is forgotten (no further call carries the dead
 * token) and a sign-in starts that comes back here (`returnTo`, an in-app path; the callback
 * only honours /dashboard paths and sends others home). Once per page: calls in flight that
 * fail the same way do not start a second one, nor does a page already leaving (a Logout, a
 * password change's own page): its calls refused once it forgot the tokens are not a session ended.
 */
export async function signInAgain(returnTo: string = window.location.pathname): Promise<void> {
  if (leaving || leavingThisPage()) return;
  leaving = true;
  const userManager = await whenUserManager();
  userManager.stopSilentRenew();
  // NOTE: storeUser(null), not removeUser(): removeUser fires `userUnloaded`, and RequireAuth
  // would start a sign-in of its own without the way back.
  await userManager.storeUser(null);
  // notice=signed_out: the sign-in page says why the person is there ("You were signed out"); from
  // the admin portal, on the staff sign-in.
  await userManager.signinRedirect({
    state: { returnTo },
    extraQueryParams: signInParams(new URL(returnTo, window.location.origin).pathname, {
      notice: 'signed_out',
    }),
  });
}
