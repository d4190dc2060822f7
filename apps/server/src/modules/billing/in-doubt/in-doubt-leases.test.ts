import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedSubscribers } from '../../../test/seed-billing.ts';
import { leaseInDoubt, releaseLeases } from './in-doubt-leases.ts';

// ADR 43: a drain leases a slice of rows in doubt before asking the processor about them; a row
// another drain holds, or one no longer in doubt, is not leased; a lease ends when released, or
// lapses after the staleness window.
const clock = fixedClock('2033-05-28T20:01:00Z');
let t: TestApp;
let ids: string[];
const stale = 60_000;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  const { cardIds } = await seedSubscribers(t.db, t.payments, {
    customers: 4,
    cardsEach: 1,
    since: new Date('2033-01-01T00:00:00Z'),
  });
  // Four pay-ins in doubt: `unknown` after a timeout. And one settled.
  const rows = await sql<{ id: string }>`
    insert into payment_attempts (id, reference, kind, period, customer_id, card_id, instrument_id, amount_cents,
      description, initiator, status, created_at, due_at, sent_at)
    select gen_random_uuid(), pria_payin_reference(c.id, '2033-05'), 'payin', '2033-05', c.customer_id, c.id,
           c.instrument_id, 300, 'Pria', 'merchant', 'unknown', pria_payin_due_at('2033-05'), pria_payin_due_at('2033-05'),
           pria_payin_due_at('2033-05') + interval '1 minute'
    from cards c where c.id = any(${cardIds}::uuid[])
    order by c.id
    returning id`.execute(t.db);
  ids = rows.rows.map((r) => r.id);
  await sql`update payment_attempts set status = 'captured', settled_at = sent_at + interval '1 second' where id = ${ids[3]}`.execute(
    t.db,
  );
}, 60_000);
afterAll(() => t?.stop());

describe('leases on rows in doubt', () => {
  it('leases the rows still in doubt, and not the ones settled', async () => {
    const mine = await leaseInDoubt(t.db, 'payment_attempts', ids, stale);
    expect(mine.sort()).toEqual(ids.slice(0, 3).sort());
    await releaseLeases(t.db, mine);
  });

  it('does not lease a row another drain holds, until it is released', async () => {
    const first = await leaseInDoubt(t.db, 'payment_attempts', ids.slice(0, 2), stale);
    expect(first).toHaveLength(2);
    const second = await leaseInDoubt(t.db, 'payment_attempts', ids.slice(0, 3), stale);
    expect(second).toEqual([ids[2]]);
    await releaseLeases(t.db, first);
    expect((await leaseInDoubt(t.db, 'payment_attempts', ids.slice(0, 2), stale)).sort()).toEqual(
      ids.slice(0, 2).sort(),
    );
    await releaseLeases(t.db, ids);
  });

  it("takes over a lapsed lease (the drain that held it died), and clears a day-old one's row", async () => {
    const held = await leaseInDoubt(t.db, 'payment_attempts', [ids[0] as string], stale);
    expect(held).toEqual([ids[0]]);
    await sql`update in_doubt_leases set leased_until = now() - interval '1 second' where row_id = ${ids[0]}`.execute(
      t.db,
    );
    expect(await leaseInDoubt(t.db, 'payment_attempts', [ids[0] as string], stale)).toEqual([ids[0]]);
    // A lease lapsed a day ago on a row nobody asked about again is cleared by the next release.
    await sql`update in_doubt_leases set leased_until = now() - interval '25 hours' where row_id = ${ids[0]}`.execute(
      t.db,
    );
    await releaseLeases(t.db, [ids[1] as string]);
    const left = await sql<{ n: number }>`select count(*)::int as n from in_doubt_leases`.execute(t.db);
    expect(left.rows[0]?.n).toBe(0);
  });

  it("can be written and cleared by the app's own database role", async () => {
    const mine = await leaseInDoubt(t.appDb, 'payment_attempts', [ids[1] as string], stale);
    expect(mine).toEqual([ids[1]]);
    await releaseLeases(t.appDb, mine);
  });
});
