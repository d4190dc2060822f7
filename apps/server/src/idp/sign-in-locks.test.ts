import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import {
  type Attempt,
  addressKey,
  addressLock,
  attemptFailed,
  clearLock,
  isLocked,
  secondFactorLock,
  sweepSignInLocks,
  takeAttempt,
} from './sign-in-locks.ts';

/**
 * The sign-in locks' counter (issue 39), called as the app calls it (the runtime role): each
 * attempt counted before it is checked, so many in flight at once never get more checks than
 * the limit; the failure that uses the window up locks; a lock refuses without counting.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const key = () => `auth|${randomUUID()}`;
const row = (k: string) =>
  t.db
    .selectFrom('idp_sign_in_locks')
    .selectAll()
    .where('lock', '=', secondFactorLock.name)
    .where('key', '=', k)
    .executeTakeFirst();
/** The clock passing: the key's window started `minutes` ago and its lock (if any) has ended. */
const age = (k: string, minutes: number) =>
  t.db
    .updateTable('idp_sign_in_locks')
    .set({
      window_started_at: new Date(Date.now() - minutes * 60_000),
      locked_until: sql<Date | null>`case when locked_until is not null then now() - interval '1 second' end`,
    })
    .where('key', '=', k)
    .execute();

/** An attempt checked and found wrong, as a sign-in step does. */
async function wrong(k: string): Promise<'wrong' | 'locked' | 'refused'> {
  const attempt = await takeAttempt(t.appDb, secondFactorLock, k);
  if (!attempt.allowed) return 'refused';
  return attemptFailed(t.appDb, secondFactorLock, k, attempt);
}

describe('a sign-in lock', () => {
  it('checks at most maxFailures of many attempts taken at once', async () => {
    const k = key();
    const attempts: Attempt[] = await Promise.all(
      Array.from({ length: 40 }, () => takeAttempt(t.appDb, secondFactorLock, k)),
    );
    const allowed = attempts.filter((a) => a.allowed);
    expect(allowed).toHaveLength(secondFactorLock.maxFailures);
    // Each checked attempt has its own number: 1 … maxFailures, none twice.
    expect(allowed.map((a) => (a.allowed ? a.number : 0)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: secondFactorLock.maxFailures }, (_, i) => i + 1),
    );
  });

  it('locks at the failure that uses the window up, then refuses without counting', async () => {
    const k = key();
    const answers: string[] = [];
    for (let i = 0; i < secondFactorLock.maxFailures + 3; i++) answers.push(await wrong(k));
    expect(answers).toEqual([
      ...Array(secondFactorLock.maxFailures - 1).fill('wrong'),
      'locked',
      'refused',
      'refused',
      'refused',
    ]);
    expect(await isLocked(t.appDb, secondFactorLock, k)).toBe(true);
    const locked = await row(k);
    expect(locked?.attempts).toBe(secondFactorLock.maxFailures);
    const minutes = ((locked?.locked_until?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(secondFactorLock.lockMinutes - 1);
    expect(minutes).toBeLessThanOrEqual(secondFactorLock.lockMinutes);
  });

  it('starts a new window once the lock has ended', async () => {
    const k = key();
    for (let i = 0; i < secondFactorLock.maxFailures; i++) await wrong(k);
    expect(await takeAttempt(t.appDb, secondFactorLock, k)).toEqual({ allowed: false });
    await age(k, secondFactorLock.windowMinutes + 1);
    expect(await isLocked(t.appDb, secondFactorLock, k)).toBe(false);
    expect(await takeAttempt(t.appDb, secondFactorLock, k)).toEqual({ allowed: true, number: 1 });
    expect((await row(k))?.locked_until).toBeNull();
  });

  it('forgets failures older than the window', async () => {
    const k = key();
    for (let i = 0; i < secondFactorLock.maxFailures - 1; i++) await wrong(k);
    await age(k, secondFactorLock.windowMinutes + 1);
    expect(await wrong(k)).toBe('wrong');
    expect((await row(k))?.attempts).toBe(1);
  });

  it('is cleared by a right answer: the next wrong one is the first again', async () => {
    const k = key();
    for (let i = 0; i < secondFactorLock.maxFailures - 1; i++) await wrong(k);
    await clearLock(t.appDb, secondFactorLock, k);
    expect(await row(k)).toBeUndefined();
    expect(await takeAttempt(t.appDb, secondFactorLock, k)).toEqual({ allowed: true, number: 1 });
  });

  it('keeps each lock apart, and an address only as its SHA-256', async () => {
    const k = key();
    for (let i = 0; i < addressLock.maxFailures; i++) {
      const attempt = await takeAttempt(t.appDb, addressLock, k);
      if (attempt.allowed) await attemptFailed(t.appDb, addressLock, k, attempt);
    }
    expect(await isLocked(t.appDb, addressLock, k)).toBe(true);
    expect(await isLocked(t.appDb, secondFactorLock, k)).toBe(false);
    expect(addressKey('someone@example.com')).toMatch(/^[0-9a-f]{64}$/);
    expect(addressKey('someone@example.com')).not.toContain('someone');
  });

  it('sweeps counters whose window and lock are over, and keeps live ones', async () => {
    const live = key();
    const over = key();
    await wrong(live);
    await wrong(over);
    await age(over, secondFactorLock.windowMinutes + 1);
    await sweepSignInLocks(t.appDb);
    expect(await row(live)).toBeDefined();
    expect(await row(over)).toBeUndefined();
  });
});
