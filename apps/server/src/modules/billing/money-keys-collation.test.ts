import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// ADR 39: the money tables' references, dedupe and idempotency keys and processor ids compare
// as bytes (collate "C"), so the unique indexes every pay-in, pay-back and event enters do not
// call strcoll. These fail if a later migration gives a column back the database's collation,
// or if a lookup by one of them stops using its index.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.stop());

const keyColumns = [
  ['payment_attempts', 'reference'],
  ['payment_attempts', 'gateway_transaction_id'],
  ['payouts', 'reference'],
  ['payouts', 'gateway_transaction_id'],
  ['payout_tries', 'reference'],
  ['money_events', 'dedupe_key'],
  ['refunds', 'reference'],
  ['refunds', 'request_key'],
  ['refunds', 'gateway_transaction_id'],
  ['disputes', 'processor_dispute_id'],
] as const;

describe('money keys compare as bytes', () => {
  it.each(keyColumns)('%s.%s is collated "C"', async (table, column) => {
    const r = await sql<{ collation: string | null }>`
      select collation_name as collation from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and column_name = ${column}`.execute(t.db);
    expect(r.rows).toEqual([{ collation: 'C' }]);
  });

  it.each([
    ['payment_attempts', 'reference', 'payment_attempts_reference_key'],
    ['payment_attempts', 'gateway_transaction_id', 'payment_attempts_gateway_tx'],
    ['payouts', 'reference', 'payouts_reference_key'],
    ['payouts', 'gateway_transaction_id', 'payouts_gateway_tx'],
    ['payout_tries', 'reference', 'payout_tries_reference_key'],
    ['money_events', 'dedupe_key', 'money_events_dedupe_key_key'],
    ['refunds', 'reference', 'refunds_reference_key'],
    ['refunds', 'request_key', 'refunds_request_key_key'],
    ['disputes', 'processor_dispute_id', 'disputes_processor_dispute_id_key'],
  ])('a lookup of %s by %s with a text parameter uses %s', async (table, column, index) => {
    // NOTE: sequential scans off, because the test tables are small enough for the planner to
    // prefer one; what is proved is that the index matches a parameter of the default collation.
    const plan = await t.db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      await sql`set local enable_bitmapscan = off`.execute(tx);
      const r = await sql<{ 'QUERY PLAN': string }>`
        explain select * from ${sql.table(table)} where ${sql.ref(column)} = ${'payin:x:2030-01'}`.execute(
        tx,
      );
      return r.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(`Index Scan using ${index}`);
  });
});
