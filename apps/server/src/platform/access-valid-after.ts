import { sql } from 'kysely';
import pg from 'pg';
import type { Principal } from './auth.ts';
import type { Db } from './db.ts';
import type { Logger } from './logger.ts';

/**
 * Revocation that reaches access tokens (issue 30, ADR 23) and wins every race (issue 39,
 * ADR 51). Access tokens are self-contained JWTs (10 minutes); ending sessions and refresh
 * tokens does not end them. So each token subject has:
 * - a "valid after" instant: a token issued at or before it is refused (how another issuer's
 *   tokens, which say only when they were issued, are ended);
 * - a generation, moved up by the same write: the built-in provider stamps every artefact of a
 *   sign-in (session, grant, code, refresh token) and every access token with the generation its
 *   chain began under (idp/adapter.ts), so a token minted by a refresh that loaded its grant just
 *   before a revocation still carries the old generation, and is refused, however late it was
 *   minted.
 */
export type RevocationReason =
  | 'password_changed'
  | 'password_reset'
  | 'mfa_changed'
  | 'staff_disabled'
  | 'staff_role_changed'
  | 'signed_out_everywhere'
  | 'identity_deleted';

/**
 * How long a process trusts what it read. Revocations made by any process also reach every
 * other at once by a notification (listenForRevocations); this bounds how stale a process can
 * be when that channel is down.
 */
export const ACCESS_CHECK_TTL_MS = 5_000;
const MAX_CACHED = 10_000;
/** The channel revocations are announced on (payload: `<generation> <valid after ms> <subject>`). */
export const REVOCATION_CHANNEL = 'access_revoked';

/**
 * The channel a session signed out on its own is announced on (payload: `<session id> <subject>`,
 * ADR 64): that session's access tokens are refused from then on, the subject's others are not.
 */
export const SESSION_ENDED_CHANNEL = 'session_ended';
/**
 * How long an ended session is remembered: longer than any access token lives (10 minutes), so
 * every token of that session expires before it is forgotten.
 */
const ENDED_SESSION_MEMORY_SECONDS = 3600;

/** A subject's revocation state: nothing issued before `validAfterMs` nor below `generation` is good. */
export interface Revocation {
  validAfterMs: number;
  generation: number;
}

/**
 * Revocations this process knows of before its cache would tell it: those it made, and those
 * announced by other processes. Both values only grow, so the larger of this and a read wins.
 */
const known = new Map<string, Revocation & { until: number }>();

function remember(subject: string, r: Revocation): void {
  const had = known.get(subject);
  known.delete(subject);
  if (known.size >= MAX_CACHED) known.delete(known.keys().next().value as string);
  known.set(subject, {
    validAfterMs: Math.max(r.validAfterMs, had?.validAfterMs ?? -1),
    generation: Math.max(r.generation, had?.generation ?? 0),
    // Longer than a read is cached: a read that started before the revocation cannot win.
    until: Date.now() + 4 * ACCESS_CHECK_TTL_MS,
  });
}

/** Sessions this process ended or heard announced (`<subject> <session id>` → until when it trusts that). */
const endedHere = new Map<string, number>();
const endedKey = (subject: string, sessionId: string) => `${subject} ${sessionId}`;

function rememberEnded(subject: string, sessionId: string): void {
  const key = endedKey(subject, sessionId);
  endedHere.delete(key);
  if (endedHere.size >= MAX_CACHED) endedHere.delete(endedHere.keys().next().value as string);
  endedHere.set(key, Date.now() + 4 * ACCESS_CHECK_TTL_MS);
}

/**
 * Ends the access tokens of one session of `subject` (the built-in provider's `sid`), whenever
 * they were minted, in the caller's transaction (the one that deletes the session and its refresh
 * tokens), announced to every process when it commits. The subject's other sessions stand.
 */
export async function endSessionAccessTokens(db: Db, subject: string, sessionId: string): Promise<void> {
  await db
    .deleteFrom('access_ended_sessions')
    .where('subject', '=', subject)
    .where('ended_at', '<', sql<Date>`now() - make_interval(secs => ${ENDED_SESSION_MEMORY_SECONDS})`)
    .execute();
  await db
    .insertInto('access_ended_sessions')
    .values({ subject, session_id: sessionId })
    .onConflict((oc) => oc.columns(['subject', 'session_id']).doUpdateSet({ ended_at: sql<Date>`now()` }))
    .execute();
  await sql`select pg_notify(${SESSION_ENDED_CHANNEL}, ${`${sessionId} ${subject}`})`.execute(db);
  rememberEnded(subject, sessionId);
}

/**
 * Ends every access token of `subject` issued up to now and moves its generation up: written in
 * the caller's transaction (pass it as `db`, the one that deletes the sessions and grants), never
 * moved back, and announced to every process when that transaction commits. Returns the new
 * generation.
 */
export async function endAccessTokens(db: Db, subject: string, reason: RevocationReason): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('access_valid_after')
    .values({ subject, valid_after: new Date(now), reason, generation: 1 })
    .onConflict((oc) =>
      oc.column('subject').doUpdateSet({
        valid_after: sql<Date>`greatest(access_valid_after.valid_after, excluded.valid_after)`,
        reason: sql<string>`excluded.reason`,
        updated_at: sql<Date>`now()`,
        generation: sql<number>`access_valid_after.generation + 1`,
      }),
    )
    .returning(['generation', 'valid_after'])
    .executeTakeFirstOrThrow();
  const validAfterMs = new Date(row.valid_after).getTime();
  // NOTIFY is transactional: the others hear of it when (and only if) the revocation commits.
  await sql`select pg_notify(${REVOCATION_CHANNEL}, ${`${row.generation} ${validAfterMs} ${subject}`})`.execute(
    db,
  );
  remember(subject, { validAfterMs, generation: row.generation });
  return row.generation;
}

/** A subject's revocation state as stored (generation 0, no instant: never revoked). */
export async function readRevocation(db: Db, subject: string): Promise<Revocation> {
  const row = await db
    .selectFrom('access_valid_after')
    .select(['valid_after', 'generation'])
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row
    ? { validAfterMs: new Date(row.valid_after).getTime(), generation: row.generation }
    : { validAfterMs: -1, generation: 0 };
}

/** A subject's revocation state and the sessions of theirs signed out one by one, lately. */
interface AccessState extends Revocation {
  endedSessions: readonly string[];
}

/** readRevocation and the subject's recently ended sessions, in one statement. */
async function readAccessState(db: Db, subject: string): Promise<AccessState> {
  const { rows } = await sql<{ valid_after: Date | null; generation: number | null; ended: string[] }>`
    select r.valid_after, r.generation,
           array(select e.session_id from access_ended_sessions e
                  where e.subject = ${subject}
                    and e.ended_at > now() - make_interval(secs => ${ENDED_SESSION_MEMORY_SECONDS})) as ended
      from (select 1) one left join access_valid_after r on r.subject = ${subject}`.execute(db);
  const row = rows[0];
  return {
    validAfterMs: row?.valid_after ? new Date(row.valid_after).getTime() : -1,
    generation: row?.generation === null || row?.generation === undefined ? 0 : Number(row.generation),
    endedSessions: row?.ended ?? [],
  };
}

function sessionEnded(read: AccessState, subject: string, sessionId: string): boolean {
  if (read.endedSessions.includes(sessionId)) return true;
  const until = endedHere.get(endedKey(subject, sessionId));
  return until !== undefined && until > Date.now();
}

/**
 * Whether a token is still good. A token of a session signed out on its own (its `sid`) is not. A built-in token carries its chain's generation (`gen`): good
 * while it is not below the subject's. Another issuer's token is good when issued after the
 * subject's "valid after" instant: the built-in provider's `iat_ms`, else `iat` (seconds) read
 * as the start of its second, so a token of the revocation's own second is refused; a token
 * without any issue time is refused once its subject has an instant. Reads are cached for
 * `ttlMs` per subject; what this process revoked or heard announced counts at once.
 */
export function createAccessCheck(db: Db, opts: { ttlMs?: number } = {}) {
  const ttlMs = opts.ttlMs ?? ACCESS_CHECK_TTL_MS;
  const cache = new Map<string, AccessState & { until: number }>();
  async function stored(subject: string): Promise<AccessState> {
    const now = Date.now();
    const hit = cache.get(subject);
    if (hit && hit.until > now) return hit;
    const read = await readAccessState(db, subject);
    cache.delete(subject);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(subject, { ...read, until: now + ttlMs });
    return read;
  }
  return async function stillValid(p: Principal): Promise<boolean> {
    const read = await stored(p.subject);
    const heard = known.get(p.subject);
    const fresh = heard && heard.until > Date.now() ? heard : undefined;
    const generation = Math.max(read.generation, fresh?.generation ?? 0);
    if (p.sessionId && sessionEnded(read, p.subject, p.sessionId)) return false;
    if (typeof p.generation === 'number') return p.generation >= generation;
    const floor = Math.max(read.validAfterMs, fresh?.validAfterMs ?? -1);
    if (floor < 0) return true;
    return p.issuedAtMs !== null && p.issuedAtMs > floor;
  };
}

/**
 * Hears the revocations every process announces (endAccessTokens), so a revocation made behind
 * another process reaches this one in milliseconds rather than when its cache expires. One
 * connection per process, as the runtime role; when it drops it is opened again (the cache's
 * short life covers the gap). Needs a direct connection or session pooling (LISTEN).
 */
export function listenForRevocations(url: string, logger: Logger): { stop(): Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delayMs = 1_000;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, application_name: 'pria-revocations' });
    client = c;
    c.on('notification', (n) => {
      if (n.channel === SESSION_ENDED_CHANNEL && n.payload) {
        const [sessionId, ...who] = n.payload.split(' ');
        if (sessionId && who.length) rememberEnded(who.join(' '), sessionId);
        return;
      }
      if (n.channel !== REVOCATION_CHANNEL || !n.payload) return;
      const [generation, validAfterMs, ...rest] = n.payload.split(' ');
      const subject = rest.join(' ');
      if (!subject) return;
      remember(subject, { generation: Number(generation), validAfterMs: Number(validAfterMs) });
    });
    c.on('error', (err) => {
      if (stopped) return;
      logger.warn({ err }, 'revocation listener lost its connection; reconnecting');
      again(c);
    });
    try {
      await c.connect();
      await c.query(`listen ${REVOCATION_CHANNEL}`);
      await c.query(`listen ${SESSION_ENDED_CHANNEL}`);
      delayMs = 1_000;
    } catch (err) {
      if (!stopped) logger.warn({ err }, 'revocation listener could not connect; retrying');
      again(c);
    }
  };
  const again = (c: pg.Client) => {
    c.end().catch(() => {});
    if (stopped || retry || client !== c) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delayMs);
    retry.unref();
    delayMs = Math.min(delayMs * 2, 30_000);
  };
  void connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
