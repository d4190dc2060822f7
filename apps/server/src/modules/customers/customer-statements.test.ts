import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, namedStatement } from '../../platform/db.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { findCustomerByIdentity, findCustomerRecordByIdentity } from './customers.repo.ts';

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

const prepared = async () =>
  (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db)).rows.map(
    (r) => r.name,
  );

describe('named statements', () => {
  it('run the hot customer lookups as prepared statements, with the same rows as before', async () => {
    const row = await findCustomerByIdentity(db, 'iss', 'sub-1');
    const plain = await db
      .selectFrom('customers')
      .selectAll()
      .where('issuer', '=', 'iss')
      .where('subject', '=', 'sub-1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual(plain);
    const record = await findCustomerRecordByIdentity(db, 'iss', 'sub-1');
    expect(record?.customer).toEqual(plain);
    expect(await findCustomerByIdentity(db, 'iss', 'nobody')).toBeUndefined();
    expect(await prepared()).toEqual(
      expect.arrayContaining(['customer_by_identity', 'customer_record_by_identity']),
    );
  });

  it('leave every other query unprepared', async () => {
    const before = await prepared();
    await db.selectFrom('customers').select('id').where('email', '=', 'one@example.com').execute();
    expect(await prepared()).toEqual(before);
  });

  it('keep working when a migration adds a column while the process runs (no select *)', async () => {
    const starred = namedStatement('test_only_star', 'select * from customers where issuer = $1');
    await starred(db, ['iss']);
    await findCustomerByIdentity(db, 'iss', 'sub-1');
    await findCustomerRecordByIdentity(db, 'iss', 'sub-1');
    await sql`alter table customers add column added_later text`.execute(db);
    try {
      // What the listed columns avoid:
      await expect(starred(db, ['iss'])).rejects.toThrow(/cached plan must not change result type/);
      expect((await findCustomerByIdentity(db, 'iss', 'sub-1'))?.email).toBe('one@example.com');
      expect((await findCustomerRecordByIdentity(db, 'iss', 'sub-1'))?.customer.email).toBe(
        'one@example.com',
      );
    } finally {
      await sql`alter table customers drop column added_later`.execute(db);
    }
  });
});
