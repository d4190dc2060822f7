import { messages } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Issue 40: the card paying for the plan could be removed with no warning; the plan then read
 * "Active · renews automatically" with an empty funding card and nothing to charge at its
 * renewal. It is refused (409, nothing changed, the card kept at the processor) while the plan is
 * in force, and removed once another card pays for the plan, or once the plan has ended.
 */
let t: TestApp;
let staff: Api;
const later = { month: 12, year: new Date().getFullYear() + 3 };

async function subscriber(name: string, number: string = testCards.visa) {
  const api = await signedInUser(t, `${name}@example.com`);
  const funding = (await addCard(api, number, '123', later)).body.data.id as string;
  const other = (await addCard(api, testCards.mastercard, '123', later)).body.data.id as string;
  const res = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: funding });
  expect(res.status).toBe(200);
  return { api, funding, other, sub: res.body.data.subscription as { id: string; status: string } };
}

const cardRow = async (id: string) =>
  (
    await sql<{ removed_at: Date | null; instrument_released_at: Date | null; deleted_at: Date | null }>`
      select c.removed_at, c.instrument_released_at, i.deleted_at
      from cards c join gateway_sim.instruments i on i.id = c.instrument_id where c.id = ${id}`.execute(t.db)
  ).rows[0];
const fundingOf = async (subscriptionId: string) =>
  (
    await t.db
      .selectFrom('subscriptions')
      .select('card_id')
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow()
  ).card_id;

beforeAll(async () => {
  t = await startTestApp();
  staff = await signedInUser(t, 'finance@pria.example', ['admin']);
}, 60_000);
afterAll(() => t?.stop());

describe('removing the card that pays for the plan', () => {
  it('is refused while the plan renews on it: 409 in words, the card kept here and at the processor', async () => {
    const { api, funding, sub } = await subscriber('ada');
    const res = await api.delete(`/api/v1/cards/${funding}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.fundingCardInUse);
    expect(await cardRow(funding)).toEqual({
      removed_at: null,
      instrument_released_at: null,
      deleted_at: null,
    });
    expect(await fundingOf(sub.id)).toBe(funding);
    expect((await api.get('/api/v1/cards')).body.data.map((c: { id: string }) => c.id)).toContain(funding);
    const logged = await t.db
      .selectFrom('event_log')
      .select('message')
      .where('stream', '=', 'cards')
      .where('message', '=', 'Card removed')
      .execute();
    expect(logged).toEqual([]);
  });

  it('is refused on a cancelled plan too, which may still be kept and then renews on it', async () => {
    const { api, funding, sub } = await subscriber('bea');
    expect((await api.post(`/api/v1/subscriptions/${sub.id}/cancel`)).status).toBe(200);
    const res = await api.delete(`/api/v1/cards/${funding}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.fundingCardInUse);
    expect((await cardRow(funding))?.removed_at).toBeNull();
  });

  it('is refused while the first payment waits for the bank on that card', async () => {
    const { api, funding, sub } = await subscriber('cy', testCards.requiresAuthentication);
    expect(sub.status).toBe('pending_verification');
    const res = await api.delete(`/api/v1/cards/${funding}`);
    expect(res.status).toBe(409);
    expect((await cardRow(funding))?.removed_at).toBeNull();
  });

  it('goes through once another card pays for the plan; the plan never names a removed card', async () => {
    const { api, funding, other, sub } = await subscriber('dee');
    const change = await api.put(`/api/v1/subscriptions/${sub.id}`, { card: other });
    expect(change.status).toBe(200);
    expect((await api.delete(`/api/v1/cards/${funding}`)).status).toBe(200);
    expect((await cardRow(funding))?.removed_at).not.toBeNull();
    expect(await fundingOf(sub.id)).toBe(other);
    expect((await api.get('/api/v1/subscriptions/me')).body.data.card).toEqual({ id: other });
    // And the new funding card is now the one kept.
    expect((await api.delete(`/api/v1/cards/${other}`)).status).toBe(409);
  });

  it('goes through once the plan has ended (a refund ended it)', async () => {
    const { api, funding, other, sub } = await subscriber('eli');
    const charge = await t.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('subscription_id', '=', sub.id)
      .where('kind', '=', 'subscription')
      .executeTakeFirstOrThrow();
    const refund = await staff.post(
      '/api/v1/refunds',
      { chargeId: charge.id, mode: 'full', reason: 'Asked to leave' },
      { 'Idempotency-Key': 'eli-refund' },
    );
    expect(refund.status).toBe(201);
    expect((await api.get('/api/v1/subscriptions/me')).body.data.status).toBe('inactive');
    expect((await api.delete(`/api/v1/cards/${funding}`)).status).toBe(200);
    expect((await api.delete(`/api/v1/cards/${other}`)).status).toBe(200);
  });

  it('a card that pays for no plan goes at once, as before', async () => {
    const { api, other } = await subscriber('fin');
    expect((await api.delete(`/api/v1/cards/${other}`)).status).toBe(200);
    expect((await cardRow(other))?.removed_at).not.toBeNull();
  });
});
