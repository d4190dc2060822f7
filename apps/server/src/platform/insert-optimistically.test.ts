import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertOptimistically } from './insert-optimistically.ts';

// A database that only compiles: what each try's statement says.
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const insert = (onConflict: (c: ReturnType<typeof sql>) => ReturnType<typeof sql>) =>
  sql`insert into t (k) values (1) ${onConflict(sql`on conflict do nothing`)}`.compile(compiler).sql.trim();

const refused = (code: string) => Object.assign(new Error('refused'), { code });

describe('insertOptimistically', () => {
  it('writes the statement without its ON CONFLICT clause first, and runs once when nothing is refused', async () => {
    const tries: string[] = [];
    const result = await insertOptimistically(async (onConflict, again) => {
      tries.push(`${again}: ${insert(onConflict)}`);
      return 'written';
    });
    expect(result).toBe('written');
    expect(tries).toEqual(['false: insert into t (k) values (1)']);
  });

  it('runs again with the clause when a unique index refused a row (23505), and answers the second try', async () => {
    const tries: string[] = [];
    const result = await insertOptimistically(async (onConflict, again) => {
      tries.push(`${again}: ${insert(onConflict)}`);
      if (!again) throw refused('23505');
      return 'written again';
    });
    expect(result).toBe('written again');
    expect(tries).toEqual([
      'false: insert into t (k) values (1)',
      'true: insert into t (k) values (1) on conflict do nothing',
    ]);
  });

  it('passes any other error on without a second try (a deadlock, a foreign key, a check)', async () => {
    for (const code of ['40P01', '23503', '23514']) {
      let tries = 0;
      await expect(
        insertOptimistically(async () => {
          tries++;
          throw refused(code);
        }),
      ).rejects.toMatchObject({ code });
      expect(tries).toBe(1);
    }
  });

  it('passes the second try’s own failure on', async () => {
    await expect(
      insertOptimistically(async () => {
        throw refused('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
