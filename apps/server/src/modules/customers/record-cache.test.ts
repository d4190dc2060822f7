import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/auth.ts';
import { createDb, type Db } from '../../platform/db.ts';
import { embeddedRoles } from '../../platform/db-roles.ts';
import { createTestDatabase, databaseUrlAs } from '../../test/harness.ts';
import { type CustomerRecordParts, getCustomer, type OwnRecord } from './get-customer.ts';
import { RecordCache } from './record-cache.ts';

// The app's role reads and writes as in production; the owner plays "another process or path".
let app: Db;
let owner: Db;
let customerId: string;

const principal: Principal = {
  issuer: 'iss',
  subject: 'sub-1',
  email: 'one@example.com',
  emailVerified: false,
  roles: ['customer'],
  permissions: new Set(),
  amr: ['pwd'],
  authTime: null,
  issuedAtMs: null,
};

// The embedded parts as raw as they come (the wiring is modules/index.ts's, tested with the routes).
const parts: CustomerRecordParts = {
  subscriptionFromRecord: (subscription) => subscription,
  subscriptionOf: async () => null,
  preferencesFromRow: (row) => row ?? null,
  preferencesOf: async () => null,
};

beforeAll(async () => {
  const ownerUrl = await createTestDatabase();
  owner = createDb(ownerUrl, 1).db;
  app = createDb(databaseUrlAs(ownerUrl, embeddedRoles.runtime), 2).db;
  const row = await owner
    .insertInto('customers')
    .values({ issuer: 'iss', subject: 'sub-1', email: 'one@example.com', first_name: 'Ann' })
    .returning('id')
    .executeTakeFirstOrThrow();
  customerId = row.id;
});

afterAll(async () => {
  await app?.destroy();
  await owner?.destroy();
});

/** The customer's count of changes: their record's version. */
const changes = async () => {
  const { n } = await owner
    .selectFrom('customer_record_changes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(n);
};

describe("the caller's record, served again while unchanged (ADR 78)", () => {
  it('answers the kept record while its version stands, and a fresh one after any change, by anyone', async () => {
    const records = new RecordCache<OwnRecord>();
    const first = await getCustomer(app, parts, principal, 'me', records);
    expect(first.firstName).toBe('Ann');
    expect(await getCustomer(app, parts, principal, 'me', records)).toBe(first);

    // Another process (here the owner) changes the row: the next answer says so.
    await sql`update customers set first_name = 'Anne' where id = ${customerId}`.execute(owner);
    const renamed = await getCustomer(app, parts, principal, 'me', records);
    expect(renamed).not.toBe(first);
    expect(renamed.firstName).toBe('Anne');
    expect(await getCustomer(app, parts, principal, 'me', records)).toBe(renamed);

    // A notification choice made elsewhere (a row the record joins) is seen at once too.
    await sql`insert into notification_preferences (customer_id, for_email, for_sms)
      values (${customerId}, '{payin}', '{}')`.execute(app);
    const chosen = await getCustomer(app, parts, principal, 'me', records);
    expect(chosen.notification).toEqual({ for_email: ['payin'], for_sms: [], for_push: [] });
  });

  it('checks the token against the kept row on every answer (a new email takes the full path)', async () => {
    const records = new RecordCache<OwnRecord>();
    await getCustomer(app, parts, principal, 'me', records);
    const moved = { ...principal, email: 'new@example.com' };
    const answer = await getCustomer(app, parts, moved, 'me', records);
    expect(answer.email).toBe('new@example.com');
    await sql`update customers set email = 'one@example.com' where id = ${customerId}`.execute(owner);
  });

  it('answers the new row when an identity moved to another one', async () => {
    const records = new RecordCache<OwnRecord>();
    const other = { ...principal, subject: 'sub-2', email: 'two@example.com' };
    const values = { issuer: 'iss', subject: 'sub-2', email: 'two@example.com' };
    await owner
      .insertInto('customers')
      .values({ ...values, first_name: 'Old' })
      .execute();
    expect((await getCustomer(app, parts, other, 'me', records)).firstName).toBe('Old');
    await owner
      .updateTable('customers')
      .set({ subject: 'sub-2-before' })
      .where('subject', '=', 'sub-2')
      .execute();
    await owner
      .insertInto('customers')
      .values({ ...values, first_name: 'New' })
      .execute();
    expect((await getCustomer(app, parts, other, 'me', records)).firstName).toBe('New');
  });

  it('keeps answers frozen (nothing downstream can change what the next caller gets) and bounded', async () => {
    const records = new RecordCache<OwnRecord>(2);
    const kept = await getCustomer(app, parts, principal, 'me', records);
    expect(() => {
      (kept as { firstName: string }).firstName = 'Mallory';
    }).toThrow(TypeError);
    for (const subject of ['a', 'b', 'c']) {
      records.set({ ...principal, subject }, { changes: '0', customer: {} as never, view: kept });
    }
    expect(records.size).toBe(2);
    expect(records.get(principal)).toBeUndefined();
    expect(records.get({ ...principal, subject: 'c' })).toBeDefined();
  });
});

describe('customer_record_changes (migration 0113)', () => {
  it("counts a change to each row the record is built from, written by the app's role through the triggers", async () => {
    let before = await changes();
    const moved = async () => {
      const now = await changes();
      const grew = now > before;
      before = now;
      return grew;
    };
    await sql`update customers set phone = '2025550104' where id = ${customerId}`.execute(app);
    expect(await moved()).toBe(true);
    // An update that changes nothing is not a change.
    await sql`update customers set phone = '2025550104' where id = ${customerId}`.execute(app);
    expect(await moved()).toBe(false);
    await sql`update notification_preferences set for_sms = '{payin}' where customer_id = ${customerId}`.execute(
      app,
    );
    expect(await moved()).toBe(true);
    await sql`delete from notification_preferences where customer_id = ${customerId}`.execute(app);
    expect(await moved()).toBe(true);
  });

  it('may only be read by the app (its rows are the triggers’)', async () => {
    await expect(
      sql`insert into customer_record_changes (customer_id) values (${customerId})`.execute(app),
    ).rejects.toThrow(/permission denied/);
    await expect(sql`delete from customer_record_changes`.execute(app)).rejects.toThrow(/permission denied/);
  });
});
