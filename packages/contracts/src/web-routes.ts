/**
 * Every page path the web app has a screen for (apps/web/src/app/router.tsx and its areas), one
 * list the server reads too: a page path not listed here is answered with the app's "Page not
 * found" screen AND the status 404 (issue 29: unknown URLs showed the landing page with a 200).
 * A test walks the router's screens against this list (apps/web/src/app/web-routes.test.ts).
 */
const accountRefs = 'personalinfo|security|payment|subscription|notifications|privacy|delete';
const adminScreens = 'users|users/[^/]+|transactions|paybacks|disputes|logs|audit|staff|cardinfo';

export const webPagePatterns: readonly RegExp[] = [
  /^\/$/,
  // Public pages; /crs is a public route of the spec (its screen: the landing page).
  /^\/(about|faq|contact|feedback|policy|terms|crs|signup|login|signed-out|account-deleted)$/,
  /^\/auth\/callback$/,
  /^\/onboarding1?$/,
  /^\/dashboard(\/(subscription|checkout))?$/,
  new RegExp(`^/dashboard/account(/(${accountRefs}))?$`),
  new RegExp(`^/admin(/(${adminScreens}))?$`),
];

/** Whether the web app has a screen at `pathname` (a trailing slash is the same page). */
export function isWebPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return webPagePatterns.some((p) => p.test(path));
}

/**
 * Where a bank's verification page (3-D Secure) sends the customer back to after a plan charge:
 * their subscription, which asks the server to check that charge at once (POST
 * /subscriptions/me/verification). The checkout's charge and the settle step's resend name it.
 */
export const verificationReturnPath = '/dashboard/account/subscription';

/**
 * Where a Logout lands: the landing, which then says "You are signed out." (issue 40: nothing said
 * so). The identity provider registers it as a post-logout redirect URI (it compares exactly), and
 * the app sends it with its RP-initiated logout; the landing says it only when this browser has
 * just logged out (`pria.loggedOut`), so the flag alone proves nothing.
 */
export const afterLogoutPath = '/?signed-out=1';

/**
 * The cookie the web app keeps the signed-in person's access token in for the signed-in area's
 * documents (Path=/dashboard, SameSite=Strict, the token's lifetime): the server renders the
 * dashboard's first screen into its HTML with it (issue 43, ADR 80). The API never reads it.
 */
export const documentTokenCookie = 'pria_doc_token';
