import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';

/**
 * Requests with an Idempotency-Key, as Stripe answers them: the first request with a key does
 * the work and its answer (status and body) is stored; every later request with that key gets
 * the same answer, even one that arrives while the first is still working (it waits for it).
 * The same key with other parameters is refused. A first request that died without answering is
 * taken over after `staleAfterMs` (the work itself must be idempotent: the refund's request key
 * is unique, so taking over finds the refund instead of making another).
 */
export interface Answer {
  status: number;
  body: unknown;
}

export interface IdempotentRequest {
  scope: string;
  key: string;
  /** The request's parameters: the same key with others is refused with `reusedMessage`. */
  params: unknown;
  reusedMessage: string;
  /** How long a replay waits for the first answer before giving up (409). */
  waitMs?: number;
  staleAfterMs?: number;
}

const fingerprintOf = (params: unknown) => createHash('sha256').update(JSON.stringify(params)).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function answerOnce(
  db: Db,
  r: IdempotentRequest,
  work: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const fingerprint = fingerprintOf(r.params);
  const mine = await db
    .insertInto('idempotency_keys')
    .values({ scope: r.scope, key: r.key, fingerprint })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('created_at')
    .executeTakeFirst();
  if (mine) return { ...(await doWork(db, r, work)), replayed: false };

  const deadline = Date.now() + (r.waitMs ?? 60_000);
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'response_status', 'response_body', 'created_at'])
      .where('scope', '=', r.scope)
      .where('key', '=', r.key)
      .executeTakeFirst();
    // Gone: the first request failed before answering (nothing stored); this one is a first.
    if (!row) return answerOnce(db, r, work);
    if (row.fingerprint !== fingerprint) throw new AppError('CONFLICT', r.reusedMessage);
    if (row.response_status !== null)
      return { status: row.response_status, body: row.response_body, replayed: true };
    if (await tookOver(db, r, row.created_at)) return { ...(await doWork(db, r, work)), replayed: false };
    if (Date.now() > deadline) {
      throw new AppError(
        'CONFLICT',
        'A request with this Idempotency-Key is still being processed; try again',
      );
    }
    await sleep(pause);
  }
}

/** The first request's work: its answer is stored; a failure stores nothing, so a retry works again. */
async function doWork(db: Db, r: IdempotentRequest, work: () => Promise<Answer>): Promise<Answer> {
  try {
    const answer = await work();
    await db
      .updateTable('idempotency_keys')
      .set({
        response_status: answer.status,
        response_body: JSON.stringify(answer.body),
        completed_at: sql`now()`,
      })
      .where('scope', '=', r.scope)
      .where('key', '=', r.key)
      .execute();
    return answer;
  } catch (err) {
    await db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', r.scope)
      .where('key', '=', r.key)
      .where('completed_at', 'is', null)
      .execute();
    throw err;
  }
}

/** Takes over a first request that died without answering (its row older than `staleAfterMs`). */
async function tookOver(db: Db, r: IdempotentRequest, createdAt: Date): Promise<boolean> {
  const staleAfterMs = r.staleAfterMs ?? 120_000;
  const res = await db
    .updateTable('idempotency_keys')
    .set({ created_at: sql`now()` })
    .where('scope', '=', r.scope)
    .where('key', '=', r.key)
    .where('completed_at', 'is', null)
    .where('created_at', '=', createdAt)
    .where(sql<boolean>`created_at < now() - make_interval(secs => ${staleAfterMs / 1000})`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
