/**
 * One cookie's value from a request's `Cookie` header (`a=1; b=2`), or undefined when absent.
 * The first pair with that name wins: browsers send the cookie of the longest matching path first.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
