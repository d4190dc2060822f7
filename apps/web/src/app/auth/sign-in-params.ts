import { getAuthConfig } from './user-manager.ts';

/** The admin portal's pages: a sign-in that comes back to one of them is a staff sign-in. */
const ADMIN_PORTAL = /^\/admin(\/|$)/;

/**
 * The extra parameters of a sign-in request that comes back to `path`. The admin portal's say
 * portal=staff, so the provider shows its staff sign-in, not the customers' page with its "Create
 * an account" (issue 40's walk); `more` adds others (notice=signed_out). The settings' own (the
 * API's resource indicator) are kept: a request's extra parameters replace them, not add to them.
 */
export function signInParams(path: string, more: Record<string, string> = {}) {
  return {
    // The client's own (user-manager.ts): the API's resource indicator.
    resource: getAuthConfig().audience,
    ...(ADMIN_PORTAL.test(path) ? { portal: 'staff' } : {}),
    ...more,
  };
}
