import { en } from 'zod/locales';
import * as z from 'zod/mini';

/**
 * What the schemas the browser runs (the forms' checks: text fields, addresses, the profile, the
 * card form, support and contact, a passkey's name) need of zod's mini API (`zod/mini`, ADR 88's
 * addendum): the same core as the classic API the server's other schemas use, so the server
 * composes these into its classic ones and validates and documents them as before, while the
 * browser loads ~7 KB of zod rather than ~25.
 *
 * NOTE: classic zod loads its English messages ("Too big: expected string to have <=14
 * characters") when its first schema is made; mini loads none and says "Invalid input" for every
 * issue without a message of its own. A page with no classic schema would then say so; loaded
 * here (in package.json's `sideEffects`, so a bundler keeps it), the messages stay the same
 * wherever a schema is checked. A locale already set (classic's, or one the app chose) is kept.
 */
if (!z.config().localeError) z.config(en());

/**
 * `schema` with JSON Schema metadata for the OpenAPI document: what classic zod's `.meta(data)`
 * does (a copy of the schema, `data` registered for the copy), which mini has no method for.
 */
export function withMeta<T extends z.ZodMiniType>(schema: T, meta: z.core.GlobalMeta): T {
  const copy = schema.clone();
  z.globalRegistry.add(copy as z.ZodMiniType, meta);
  return copy;
}
