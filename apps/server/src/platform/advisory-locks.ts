import { type RawBuilder, sql } from 'kysely';

/**
 * Every PostgreSQL advisory lock Pria takes, named once (issue 38): what it serialises and its
 * namespace, a fixed number listed here and nowhere else. A lock of one thing (the payout chunks,
 * the staff) is the bigint key equal to its namespace; a lock per item (a run's chunks, a refund's
 * request key) is the pair (namespace, hashtext(item)) — PostgreSQL keeps one-key and two-key
 * locks apart, so the two never meet, and distinct namespaces never meet either
 * (`advisory-locks.test.ts` checks they are distinct, and that no code takes an advisory lock
 * but through this module). Two items of one namespace whose hashes collide share a lock: they
 * wait for each other, nothing worse. pg-boss takes its own locks, one-key, on 64-bit hashes of
 * its schema's name.
 *
 * The payout chunks (7 311 003) and a run's chunks (7 311 002) keep the keys they had before the
 * registry, so processes of the release before it and of this one still exclude each other there.
 */
export const ADVISORY_LOCKS = {
  /** A run's pay-in chunks: cut and closed exclusively, taken and written (once stale) shared (ADR 17). Per run. */
  runChunks: { namespace: 7_311_002, perItem: true },
  /** The payout chunks, all runs: who writes a capture's payout row (payout-chunk-lock.ts, ADR 17). */
  payoutChunks: { namespace: 7_311_003, perItem: false },
  /** A refund's request key, while its replay is looked for and the refund written. Per key. */
  refundRequest: { namespace: 7_311_004, perItem: true },
  /** Every change to who is staff and with which powers (idp/staff.ts). */
  staff: { namespace: 7_311_005, perItem: false },
  /** The runtime role's grants, applied by one migration step at a time (db-grants-sql.ts). */
  grants: { namespace: 7_311_006, perItem: false },
  /** The two database roles, created and altered by one process at a time (db-roles.ts; a session lock). */
  roles: { namespace: 7_311_007, perItem: false },
  /** The payment simulator's schema, created by one process at a time (gateways/payments/simulator). */
  simulatorSchema: { namespace: 7_311_008, perItem: false },
} as const satisfies Record<string, { namespace: number; perItem: boolean }>;

type Locks = typeof ADVISORY_LOCKS;
export type LockName = keyof Locks;
/** A lock of one thing. */
export type SingleLock = { [K in LockName]: Locks[K]['perItem'] extends false ? K : never }[LockName];
/** A lock per item: its name and the item. */
export type ItemLock = { [K in LockName]: Locks[K]['perItem'] extends true ? K : never }[LockName];

type Executor = Parameters<RawBuilder<unknown>['execute']>[0];
export type LockMode = 'exclusive' | 'shared';

/** The lock's key as the arguments of a pg_advisory_* function. */
function keyOf(name: LockName, item?: string): RawBuilder<unknown> {
  const { namespace, perItem } = ADVISORY_LOCKS[name];
  if (perItem !== (item !== undefined))
    throw new Error(`advisory lock ${name}: ${perItem ? 'an item is' : 'no item is'} expected`);
  return item === undefined
    ? sql`${sql.lit(namespace)}::bigint`
    : sql`${sql.lit(namespace)}, hashtext(${item})`;
}

/** Waits for the lock until the transaction ends: exclusive (the default) or shared. */
export async function lockForTransaction(
  tx: Executor,
  lock: SingleLock | { name: ItemLock; item: string },
  mode: LockMode = 'exclusive',
): Promise<void> {
  const key = typeof lock === 'string' ? keyOf(lock) : keyOf(lock.name, lock.item);
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(${key})`.execute(tx);
  else await sql`select pg_advisory_xact_lock(${key})`.execute(tx);
}

/** Takes the lock exclusively until the transaction ends if it is free now; false when it is busy. */
export async function tryLockForTransaction(tx: Executor, lock: SingleLock): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${keyOf(lock)}) as ok`.execute(tx);
  return r.rows[0]?.ok ?? false;
}

/**
 * A session lock of one thing, as SQL text for a bare `pg` client (db-roles.ts runs before any
 * Kysely instance exists): the statement that takes it and the one that gives it back.
 */
export function sessionLockSql(lock: SingleLock): { lock: string; unlock: string } {
  const key = `${ADVISORY_LOCKS[lock].namespace}::bigint`;
  return { lock: `select pg_advisory_lock(${key})`, unlock: `select pg_advisory_unlock(${key})` };
}
