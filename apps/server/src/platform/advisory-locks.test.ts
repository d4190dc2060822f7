import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import {
  ADVISORY_LOCKS,
  type ItemLock,
  type LockName,
  lockForTransaction,
  type SingleLock,
  sessionLockSql,
  tryLockForTransaction,
} from './advisory-locks.ts';
import { createDb, type Db } from './db.ts';

// One registry of advisory locks (issue 38): every lock has its own namespace, no two locks can
// be the same lock in PostgreSQL, and no code takes an advisory lock any other way.
const names = Object.keys(ADVISORY_LOCKS) as LockName[];
const isItemLock = (n: LockName): n is ItemLock => ADVISORY_LOCKS[n].perItem;

let url: string;
let db: Db;
beforeAll(async () => {
  url = await createTestDatabase();
  ({ db } = createDb(url, 4));
}, 60_000);
afterAll(async () => {
  await db?.destroy();
});

/** The advisory locks this session holds, as PostgreSQL names them: (classid, objid, objsubid). */
const heldTags = async (tx: Db) =>
  (
    await sql<{ tag: string }>`
      select classid::text || ':' || objid::text || ':' || objsubid::text as tag from pg_locks
      where locktype = 'advisory' and pid = pg_backend_pid()`.execute(tx)
  ).rows
    .map((r) => r.tag)
    .sort();

describe('the advisory-lock registry', () => {
  it('gives every lock a namespace of its own, a positive 32-bit integer', () => {
    const namespaces = names.map((n) => ADVISORY_LOCKS[n].namespace);
    expect(new Set(namespaces).size).toBe(names.length);
    for (const ns of namespaces) expect(Number.isInteger(ns) && ns > 0 && ns < 2 ** 31).toBe(true);
  });

  it('makes every lock a different PostgreSQL lock: a lock of one thing on its namespace, a lock per item on (namespace, hash)', async () => {
    const tags = await db.transaction().execute(async (tx) => {
      for (const n of names) {
        if (isItemLock(n)) await lockForTransaction(tx, { name: n, item: 'the same item' });
        else await lockForTransaction(tx, n as SingleLock);
      }
      return heldTags(tx);
    });
    expect(tags).toHaveLength(names.length);
    const hash = (await sql<{ h: number }>`select hashtext('the same item') as h`.execute(db)).rows[0]
      ?.h as number;
    const expected = names.map((n) =>
      // One key K: (K >> 32, K & 0xffffffff, 1); two keys (a, b): (a, b, 2), b as an unsigned oid.
      isItemLock(n) ? `${ADVISORY_LOCKS[n].namespace}:${hash >>> 0}:2` : `0:${ADVISORY_LOCKS[n].namespace}:1`,
    );
    expect(tags).toEqual([...expected].sort());
  });

  it('keeps the payout chunks and a run chunks on the keys they had before the registry (a release beside the last still excludes it)', async () => {
    const tags = await db.transaction().execute(async (tx) => {
      await lockForTransaction(tx, 'payoutChunks');
      await lockForTransaction(tx, { name: 'runChunks', item: 'run-1' }, 'shared');
      return heldTags(tx);
    });
    const old = await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(${7_311_003})`.execute(tx);
      await sql`select pg_advisory_xact_lock_shared(${7_311_002}, hashtext(${'run-1'}))`.execute(tx);
      return heldTags(tx);
    });
    expect(tags).toEqual(old);
  });

  it('does not make one lock wait for another: each is free while every other is held', async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      for (const held of names.filter((n): n is SingleLock => !isItemLock(n))) {
        await other.query('begin');
        await other.query(sessionLockSql(held).lock);
        const free = await db.transaction().execute(async (tx) => {
          const answers: [LockName, boolean][] = [];
          for (const n of names.filter((x): x is SingleLock => !isItemLock(x)))
            answers.push([n, await tryLockForTransaction(tx, n)]);
          return answers;
        });
        expect(free.filter(([, ok]) => !ok).map(([n]) => n)).toEqual([held]);
        await other.query(sessionLockSql(held).unlock);
        await other.query('commit');
      }
    } finally {
      await other.end();
    }
  });

  it('refuses a lock per item without its item, and a lock of one thing with one', async () => {
    await expect(
      db.transaction().execute((tx) => lockForTransaction(tx, { name: 'staff' as ItemLock, item: 'x' })),
    ).rejects.toThrow(/no item is expected/);
    await expect(
      db.transaction().execute((tx) => lockForTransaction(tx, 'refundRequest' as SingleLock)),
    ).rejects.toThrow(/an item is expected/);
  });
});

describe('advisory locks in the code', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      if (f === 'node_modules' || f === 'dist' || f.startsWith('.')) return [];
      return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx|js|mjs|cjs|sql)$/.test(f) ? [p] : [];
    });
  const sources = ['apps', 'packages', 'e2e', 'scripts']
    .map((d) => path.join(root, d))
    .filter((d) => {
      try {
        return statSync(d).isDirectory();
      } catch {
        return false;
      }
    })
    .flatMap(files);
  const registry = path.join(root, 'apps/server/src/platform/advisory-locks.ts');
  const thisTest = fileURLToPath(import.meta.url);

  it('takes every advisory lock through the registry: no pg_advisory call elsewhere, in code, SQL or migrations', () => {
    expect(sources.length).toBeGreaterThan(100);
    const offenders = sources
      .filter((f) => f !== registry && f !== thisTest)
      .filter((f) => /pg_(try_)?advisory_/i.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });

  it('writes no namespace of the registry anywhere else', () => {
    const numbers = names.map((n) => ADVISORY_LOCKS[n].namespace);
    const literal = new RegExp(
      `\\b(${numbers.map((n) => `${n}|${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '_')}`).join('|')})\\b`,
    );
    const offenders = sources
      .filter((f) => f !== registry && f !== thisTest)
      .filter((f) => literal.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });
});
