import { sql } from 'kysely';
import type { Principal } from './auth.ts';
import type { Db } from './db.ts';

/**
 * Revocation that reaches access tokens (issue 30, ADR 23). Access tokens are self-contained
 * JWTs (10 minutes); ending sessions and refresh tokens does not end them. So each token
 * subject has a "valid after" instant, moved forward by whatever must end every token issued
 * before it, and every API call compares its token's issue time with it.
 */
export type RevocationReason =
  | 'password_changed'
  | 'password_reset'
  | 'mfa_changed'
  | 'staff_disabled'
  | 'staff_role_changed'
  | 'signed_out_everywhere'
  | 'identity_deleted';

/** How long a process trusts what it read (other processes see a revocation within this). */
export const ACCESS_CHECK_TTL_MS = 5_000;
const MAX_CACHED = 10_000;

/**
 * Revocations made by this process, so it refuses the old tokens at once rather than after its
 * cache expires (other processes read the row). Kept a little longer than the cache lives.
 */
const madeHere = new Map<string, { validAfterMs: number; until: number }>();

/**
 * Ends every access token of `subject` issued up to now: written in the caller's transaction
 * (pass it as `db`), and never moved back. Call it with whatever also ends sessions.
 */
export async function endAccessTokens(db: Db, subject: string, reason: RevocationReason): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('access_valid_after')
    .values({ subject, valid_after: new Date(now), reason })
    .onConflict((oc) =>
      oc.column('subject').doUpdateSet({
        valid_after: sql<Date>`greatest(access_valid_after.valid_after, excluded.valid_after)`,
        reason: sql<string>`excluded.reason`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
  if (madeHere.size >= MAX_CACHED) madeHere.delete(madeHere.keys().next().value as string);
  madeHere.set(subject, { validAfterMs: now, until: now + 4 * ACCESS_CHECK_TTL_MS });
}

/**
 * Whether a token is still good: issued after its subject's "valid after" instant. Built-in
 * tokens carry their issue time in milliseconds (`iat_ms`); others only `iat` in seconds, taken
 * as the start of that second, so a token of the revocation's own second is refused. Reads are
 * cached for `ttlMs` per subject; a token without any issue time is refused once its subject has
 * an instant.
 */
export function createAccessCheck(db: Db, opts: { ttlMs?: number } = {}) {
  const ttlMs = opts.ttlMs ?? ACCESS_CHECK_TTL_MS;
  const cache = new Map<string, { validAfterMs: number | null; until: number }>();
  async function validAfter(subject: string): Promise<number | null> {
    const now = Date.now();
    const hit = cache.get(subject);
    if (hit && hit.until > now) return hit.validAfterMs;
    const row = await db
      .selectFrom('access_valid_after')
      .select('valid_after')
      .where('subject', '=', subject)
      .executeTakeFirst();
    const validAfterMs = row ? new Date(row.valid_after).getTime() : null;
    cache.delete(subject);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(subject, { validAfterMs, until: now + ttlMs });
    return validAfterMs;
  }
  return async function stillValid(p: Principal): Promise<boolean> {
    const local = madeHere.get(p.subject);
    const fromDb = await validAfter(p.subject);
    const floor = Math.max(fromDb ?? -1, local && local.until > Date.now() ? local.validAfterMs : -1);
    if (floor < 0) return true;
    return p.issuedAtMs !== null && p.issuedAtMs > floor;
  };
}
