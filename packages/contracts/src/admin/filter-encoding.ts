// No zod here: the admin screens read these without loading the schemas beside them, so the
// browser carries no classic zod (ADR 88's addendum).

/** Base64 (standard or URL-safe) of a JSON object, as the browser keeps it in the URL. */
export function encodeFilter(filter: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(filter));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
