import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCard, insertCustomer } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { payinDueAt } from '../billing-schedule.ts';
import { countWaitingRenewals, payinCards } from './eligibility.ts';

// Who is owed a month's $3 is judged as at that month's due instant (ADR 7, ADR 18, issue 28),
// whichever run asks: each case below changes one thing about one card or plan around the
// instant and checks the answer. November 2030's instant: the 28th, 16:00 New York.
const dueAt = payinDueAt('2030-11');
const before = new Date(dueAt.getTime() - 86_400_000);
const after = new Date(dueAt.getTime() + 86_400_000);
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.stop());

/** A customer with one card and a plan running past the instant; `change` alters one thing. */
async function customer(
  change: (ids: { customer: string; card: string; subscription: string }) => Promise<unknown>,
) {
  const id = await insertCustomer(t.db, { email: `eligible-${crypto.randomUUID()}@example.com` });
  const card = await insertCard(t.db, id);
  await sql`update cards set created_at = ${before} where id = ${card}`.execute(t.db);
  const s = await sql<{
    id: string;
  }>`insert into subscriptions (customer_id, plan_id, card_id, status, expires_at, created_at)
    values (${id}, 'semi-annual', ${card}, 'active', ${new Date(dueAt.getTime() + 90 * 86_400_000)}, ${before}) returning id`.execute(
    t.db,
  );
  const subscription = s.rows[0]?.id as string;
  await change({ customer: id, card, subscription });
  return card;
}

async function owed(card: string): Promise<boolean> {
  const r = await sql<{ id: string }>`select c.id ${payinCards(dueAt)} and c.id = ${card}`.execute(t.db);
  return r.rows.length === 1;
}

describe('a card is owed the month’s $3 as at the due instant', () => {
  it('a card on file on a running plan is owed it', async () => {
    expect(await owed(await customer(async () => {}))).toBe(true);
  });

  it('a card added after the instant is not', async () => {
    const card = await customer(({ card }) =>
      sql`update cards set created_at = ${after} where id = ${card}`.execute(t.db),
    );
    expect(await owed(card)).toBe(false);
  });

  it('a card removed after the instant still is (the month was already owed)', async () => {
    const card = await customer(({ card }) =>
      sql`update cards set removed_at = ${after} where id = ${card}`.execute(t.db),
    );
    expect(await owed(card)).toBe(true);
  });

  it('a card removed before the instant is not', async () => {
    const card = await customer(({ card }) =>
      sql`update cards set removed_at = ${before} where id = ${card}`.execute(t.db),
    );
    expect(await owed(card)).toBe(false);
  });

  it('a card that only pays for the plan (Charge & Pay off) is not', async () => {
    const card = await customer(({ card }) =>
      sql`update cards set charge_and_pay = false where id = ${card}`.execute(t.db),
    );
    expect(await owed(card)).toBe(false);
  });

  it('a plan started after the instant does not make it owed', async () => {
    const card = await customer(({ subscription }) =>
      sql`update subscriptions set created_at = ${after} where id = ${subscription}`.execute(t.db),
    );
    expect(await owed(card)).toBe(false);
  });

  it('a plan whose paid period ended by the instant does not', async () => {
    const card = await customer(({ subscription }) =>
      sql`update subscriptions set expires_at = ${dueAt} where id = ${subscription}`.execute(t.db),
    );
    expect(await owed(card)).toBe(false);
  });

  it('a plan paused at the instant does not', async () => {
    const card = await customer(({ subscription }) =>
      sql`insert into subscription_pauses (subscription_id, paused_at, paused_by) values (${subscription}, ${before}, 'test')`.execute(
        t.db,
      ),
    );
    expect(await owed(card)).toBe(false);
  });

  it('a plan paused only after the instant still does (a later pause takes back nothing)', async () => {
    const card = await customer(({ subscription }) =>
      sql`insert into subscription_pauses (subscription_id, paused_at, paused_by) values (${subscription}, ${after}, 'test')`.execute(
        t.db,
      ),
    );
    expect(await owed(card)).toBe(true);
  });

  it('a plan resumed before the instant does', async () => {
    // A pause begins open and ends by resuming (migration 0092): paused, then resumed.
    const card = await customer(async ({ subscription }) => {
      await sql`insert into subscription_pauses (subscription_id, paused_at, paused_by)
        values (${subscription}, ${new Date(before.getTime() - 86_400_000)}, 'test')`.execute(t.db);
      await sql`update subscription_pauses set resumed_at = ${before}, resumed_by = 'test'
        where subscription_id = ${subscription}`.execute(t.db);
    });
    expect(await owed(card)).toBe(true);
  });
});

describe('renewals the pay-in waits for', () => {
  it('counts a plan whose renewal fell due by the instant and is not settled yet', async () => {
    const waitingBefore = await countWaitingRenewals(t.db, dueAt);
    await customer(({ subscription }) =>
      sql`update subscriptions set expires_at = ${before} where id = ${subscription}`.execute(t.db),
    );
    expect(await countWaitingRenewals(t.db, dueAt)).toBe(waitingBefore + 1);
  });
});
