/**
 * Where a sign-in asked to come back to: the page that started it (an email's deep link, a
 * bookmark, a re-authentication). Only a path of this app that the person's area holds (staff:
 * /admin and their own Account Settings, which a security email links to; customers: /dashboard
 * and onboarding), never another origin.
 */
export function returnPath(
  state: unknown,
  home: '/admin' | '/dashboard',
  origin: string,
): string | undefined {
  const returnTo = (state as { returnTo?: unknown } | null | undefined)?.returnTo;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.length > 2000) return undefined;
  let url: URL;
  try {
    url = new URL(returnTo, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const area =
    home === '/admin' ? /^\/(admin|dashboard\/account)(\/|$)/ : /^\/(dashboard|onboarding1?)(\/|$)/;
  return area.test(url.pathname) ? `${url.pathname}${url.search}${url.hash}` : undefined;
}
