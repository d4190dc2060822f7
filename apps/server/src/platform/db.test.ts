import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import { createDb, type Db, isDatabaseUnreachable, namedStatement } from './db.ts';

let db: Db;

beforeAll(async () => {
  // One connection, so every query below runs in the same session (on a migrated copy of the template).
  db = createDb(await createTestDatabase(), 1).db;
  await sql`insert into customers (issuer, subject, email) values ('iss', 'sub-1', 'one@example.com')`.execute(
    db,
  );
});

afterAll(async () => {
  await db?.destroy();
});

describe('named statements', () => {
  it('refuse one name for two different queries', () => {
    namedStatement('test_only_statement', 'select 1');
    expect(() => namedStatement('test_only_statement', 'select 2')).toThrow(/already used/);
  });
});

describe('isDatabaseUnreachable', () => {
  it('tells an unreachable database from a failed query', async () => {
    // A port nobody listens on: the driver's own refusal.
    const nowhere = createDb('postgres://pria@127.0.0.1:1/pria', 1).db;
    const refused = await sql`select 1`.execute(nowhere).then(
      () => null,
      (err: unknown) => err,
    );
    await nowhere.destroy();
    expect(isDatabaseUnreachable(refused)).toBe(true);

    const syntax = await sql`selec 1`.execute(db).then(
      () => null,
      (err: unknown) => err,
    );
    expect(syntax).toBeInstanceOf(Error);
    expect(isDatabaseUnreachable(syntax)).toBe(false);
    const duplicate =
      await sql`insert into customers (issuer, subject, email) values ('iss', 'sub-1', 'one@example.com')`
        .execute(db)
        .then(
          () => null,
          (err: unknown) => err,
        );
    expect(isDatabaseUnreachable(duplicate)).toBe(false);

    const shuttingDown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnreachable(shuttingDown)).toBe(true);
    expect(isDatabaseUnreachable(new Error('wrapped', { cause: shuttingDown }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Ooops'))).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
  });
});
