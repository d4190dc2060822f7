import { createHash } from 'node:crypto';
import { formatMessage } from '@pria/contracts/i18n/format';
import { idpMessages } from '@pria/contracts/i18n/idp-pages';
import { sql } from 'kysely';
import type { Db } from '../platform/db.ts';

/**
 * The sign-in locks (issue 39, ADR 54), kept in PostgreSQL so they hold across processes.
 *
 * - `address`: wrong passwords per submitted address, counted whether or not an account has the
 *   address, so the lock (its status, its words, the attempt it starts at) is the same for an
 *   address nobody uses and tells no one which addresses have an account. Keyed by the address's
 *   SHA-256: the address of someone who is not a customer is not kept in clear.
 * - `second-factor`: per account, every wrong second factor of a sign-in: authenticator (TOTP),
 *   SMS and email codes, recovery codes, and refused passkey assertions. One counter, so trying
 *   another kind of factor buys no more guesses.
 *
 * An attempt is counted *before* it is checked (`takeAttempt`, one upsert that holds the row's
 * lock to the end of its transaction): with many guesses in flight at once, at most
 * `maxFailures` of them are ever checked in a window. The failure that reaches `maxFailures`
 * locks for `lockMinutes`; while locked even the right answer is refused. A right answer clears
 * the counter (a person who gets in starts afresh), as does a password reset for `address`.
 */
/** What every lock says, to anyone, whichever lock it is and whether the account exists. */
export const signInLockedMessage = formatMessage(idpMessages, 'en', 'locked');

export interface SignInLock {
  name: 'address' | 'second-factor';
  /** Attempts checked per window; the one that fails at this number locks. */
  maxFailures: number;
  /** The window starts at the first attempt counted and lasts this long. */
  windowMinutes: number;
  /** How long the lock lasts from the failure that set it. */
  lockMinutes: number;
}

export const addressLock = {
  name: 'address',
  maxFailures: 5,
  windowMinutes: 15,
  lockMinutes: 15,
} as const satisfies SignInLock;

export const secondFactorLock = {
  name: 'second-factor',
  maxFailures: 10,
  windowMinutes: 15,
  lockMinutes: 15,
} as const satisfies SignInLock;

/** The `address` lock's key: the SHA-256 (hex) of the normalized address. */
export const addressKey = (normalizedEmail: string) =>
  createHash('sha256').update(normalizedEmail).digest('hex');

/** An attempt that may be checked (with its number in the window), or one refused unchecked. */
export type Attempt = { allowed: true; number: number } | { allowed: false };

/**
 * Counts an attempt before it is checked. Refused when the lock is on or when the window's
 * attempts are used up (others are in flight). Pass the transaction that checks the answer, to
 * hold the counter's row until it commits.
 */
export async function takeAttempt(db: Db, lock: SignInLock, key: string): Promise<Attempt> {
  const window = sql`make_interval(mins => ${lock.windowMinutes})`;
  // After a lock ends or the window passes, the attempt opens a new window; while locked the row
  // is left as it is. The count stops one past the limit (it only says "used up").
  const { rows } = await sql<{ attempts: number; locked: boolean }>`
    insert into idp_sign_in_locks as l (lock, key, attempts, window_started_at, locked_until)
    values (${lock.name}, ${key}, 1, now(), null)
    on conflict (lock, key) do update set
      attempts = case
        when l.locked_until > now() then l.attempts
        when l.locked_until is not null or l.window_started_at <= now() - ${window} then 1
        else least(l.attempts + 1, ${lock.maxFailures + 1}) end,
      window_started_at = case
        when l.locked_until > now() then l.window_started_at
        when l.locked_until is not null or l.window_started_at <= now() - ${window} then now()
        else l.window_started_at end,
      locked_until = case when l.locked_until > now() then l.locked_until end
    returning attempts, coalesce(locked_until > now(), false) as locked`.execute(db);
  const row = rows[0];
  if (!row || row.locked || row.attempts > lock.maxFailures) return { allowed: false };
  return { allowed: true, number: row.attempts };
}

/**
 * The attempt was wrong: it stays counted, and the one that used up the window locks. Answers
 * 'locked' when the lock is now on (the caller says so at once, as for the next attempt).
 */
export async function attemptFailed(
  db: Db,
  lock: SignInLock,
  key: string,
  attempt: { number: number },
): Promise<'wrong' | 'locked'> {
  if (attempt.number < lock.maxFailures) return 'wrong';
  await db
    .updateTable('idp_sign_in_locks')
    .set({ locked_until: sql<Date>`now() + make_interval(mins => ${lock.lockMinutes})` })
    .where('lock', '=', lock.name)
    .where('key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
    .execute();
  return 'locked';
}

/** Clears the counter and any lock: after a right answer, or a password reset by email link. */
export async function clearLock(db: Db, lock: SignInLock, key: string): Promise<void> {
  await db.deleteFrom('idp_sign_in_locks').where('lock', '=', lock.name).where('key', '=', key).execute();
}

/** Whether the lock is on now (a look that counts nothing: to refuse before sending a code). */
export async function isLocked(db: Db, lock: SignInLock, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('idp_sign_in_locks')
    .select('lock')
    .where('lock', '=', lock.name)
    .where('key', '=', key)
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets counters whose window and lock are both over (they would start afresh anyway). */
export async function sweepSignInLocks(db: Db): Promise<void> {
  const longest = Math.max(addressLock.windowMinutes, secondFactorLock.windowMinutes);
  await db
    .deleteFrom('idp_sign_in_locks')
    .where('window_started_at', '<', sql<Date>`now() - make_interval(mins => ${longest})`)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .execute();
}
