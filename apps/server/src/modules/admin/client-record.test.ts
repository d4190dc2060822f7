import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { insertCard, insertCustomer } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * A client's record as staff open it (GET /customers/{id}), issue 29: a deleted client's page
 * read "Client / ? / -", offered a password reset, and named the plan chosen for the next
 * renewal ("Annual") instead of the one the client had paid for ("Semi-Annual").
 */
let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'admin@pria.test', ['admin']);
});
afterAll(async () => t?.stop());

const record = async (id: string) => {
  const res = await admin.get(`/api/v1/customers/${id}`);
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('a deleted client', () => {
  it('says when the account was deleted, and a live one says it was not', async () => {
    const gone = await insertCustomer(t.db, {
      email: 'gone@example.com',
      deleted: true,
      createdAt: new Date(),
    });
    const live = await insertCustomer(t.db, { email: 'here@example.com', createdAt: new Date() });
    const { deleted_at } = await t.db
      .selectFrom('customers')
      .select('deleted_at')
      .where('id', '=', gone)
      .executeTakeFirstOrThrow();
    expect((await record(gone)).deletedAt).toBe(deleted_at?.toISOString());
    expect((await record(live)).deletedAt).toBeNull();
  });

  it('is sent no password reset link (there is no account left to reset)', async () => {
    const gone = await insertCustomer(t.db, {
      email: 'gone2@example.com',
      deleted: true,
      createdAt: new Date(),
    });
    const res = await admin.post(`/api/v1/customers/${gone}/password-reset`);
    expect(res.status).toBe(404);
    const sent = await t.db
      .selectFrom('message_outbox')
      .select('id')
      .where('recipient', '=', 'gone2@example.com')
      .execute();
    expect(sent).toEqual([]);
  });
});

describe('the plan a client paid for', () => {
  it("is the paid period's plan after a change that applies at renewal", async () => {
    const walker = await signedInUser(t, 'walker@example.com');
    const card = await addCard(walker, testCards.visa);
    const bought = await walker.post('/api/v1/subscriptions', {
      plan: 'semi-annual',
      card: card.body.data.id,
    });
    expect(bought.status).toBe(200);
    const id = (await walker.get('/api/v1/customers/me')).body.data.id as string;
    expect((await record(id)).subscription).toMatchObject({
      plan: { id: 'semi-annual' },
      periodPlan: { id: 'semi-annual', name: 'Semi-Annual' },
    });

    const changed = await walker.put(`/api/v1/subscriptions/${bought.body.data.subscription.id}`, {
      plan: 'annual',
    });
    expect(changed.status).toBe(200);
    // ADR 40: the change starts at the renewal; staff see it waiting, and the plan paid stays.
    expect((await record(id)).subscription).toMatchObject({
      plan: { id: 'semi-annual', name: 'Semi-Annual' },
      periodPlan: { id: 'semi-annual', name: 'Semi-Annual' },
      nextPlan: { id: 'annual', name: 'Annual' },
    });
  });

  it('is null before any plan charge went through', async () => {
    const id = await insertCustomer(t.db, { email: 'never-paid@example.com', createdAt: new Date() });
    const cardId = await insertCard(t.db, id);
    await t.db
      .insertInto('subscriptions')
      .values({ customer_id: id, plan_id: 'annual', card_id: cardId, status: 'inactive' })
      .execute();
    expect((await record(id)).subscription).toMatchObject({ plan: { id: 'annual' }, periodPlan: null });
  });
});
