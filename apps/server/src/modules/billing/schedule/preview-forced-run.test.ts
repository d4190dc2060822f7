import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * Every forced run shows a preview first (issue 40): which month, how many cards, what total. The
 * preview is what the run then does: forcing it sends exactly those charges or pay-backs, and a
 * preview asked again once it ran has nothing left. It obeys forcing's rules and permission, and
 * sends nothing.
 */
// Cards and plans from the 20th of March 2031; the previews on the 29th, when March's pay-in
// (the 28th, 4pm New York) is due and its window still open.
const clock = fixedClock('2031-03-20T12:00:00Z');
let t: TestApp;
let finance: Api;
let support: Api;

const count = async (where: ReturnType<typeof sql>) =>
  (await sql<{ n: number }>`select count(*)::int as n from payment_attempts where ${where}`.execute(t.db))
    .rows[0]?.n;
const payouts = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from payouts`.execute(t.db)).rows[0]?.n;

async function finished(runId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const run = await t.db
      .selectFrom('billing_runs')
      .select('status')
      .where('id', '=', runId)
      .executeTakeFirst();
    if (run?.status === 'completed' || Date.now() > deadline) return run?.status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  finance = await signedInUser(t, 'fin@pria.example', ['finance']);
  support = await signedInUser(t, 'help@pria.example', ['support']);
  // Ann: two cards on a plan (both owed March's $3). Bob: a card and no plan (owed nothing).
  const ann = await signedInUser(t, 'ann@example.com');
  const visa = (await addCard(ann, testCards.visa, '123', { month: 12, year: 2040 })).body.data.id;
  await addCard(ann, testCards.mastercard, '123', { month: 12, year: 2040 });
  expect((await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card: visa })).status).toBe(200);
  const bob = await signedInUser(t, 'bob@example.com');
  await addCard(bob, testCards.visa, '123', { month: 12, year: 2040 });
  clock.set('2031-03-29T12:00:00Z');
}, 60_000);
afterAll(() => t?.stop());

describe('the preview of a forced pay-in', () => {
  it('names the month, the cards owed it and their total, and charges nothing', async () => {
    const res = await finance.get('/api/v1/payin-payout/payin/preview');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      kind: 'payin',
      period: '2031-03',
      count: 2,
      cards: 2,
      totalCents: 600,
      waitingRenewals: 0,
    });
    expect(await count(sql`kind = 'payin'`)).toBe(0);
  });

  it('is what the run then charges; asked again, nothing is left', async () => {
    const preview = (await finance.get('/api/v1/payin-payout/payin/preview')).body.data;
    expect(preview.cards).toBe(2);
    const forced = await finance.post('/api/v1/payin-payout/payin');
    expect(forced.status).toBe(202);
    expect(await finished(forced.body.data.id)).toBe('completed');
    expect(await count(sql`kind = 'payin' and period = ${preview.period}`)).toBe(preview.cards);
    const again = await finance.get('/api/v1/payin-payout/payin/preview');
    expect(again.body.data).toMatchObject({ period: '2031-03', cards: 0, totalCents: 0 });
  });

  it('refuses a month not due, as forcing does, in the same words', async () => {
    const preview = await finance.get('/api/v1/payin-payout/payin/preview?period=2031-04');
    const force = await finance.post('/api/v1/payin-payout/payin?period=2031-04');
    expect(preview.status).toBe(400);
    expect(preview.body.message).toBe(force.body.message);
  });
});

describe('the preview of a forced pay-back', () => {
  it('counts the captures owed a pay-back, their cards and total; the run pays exactly those', async () => {
    const preview = await finance.get('/api/v1/payin-payout/payout/preview?period=2031-03');
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({
      kind: 'payout',
      period: '2031-03',
      count: 2,
      cards: 2,
      totalCents: 600,
      waitingRenewals: 0,
    });
    expect(await payouts()).toBe(0);
    const forced = await finance.post('/api/v1/payin-payout/payout?period=2031-03');
    expect(forced.status).toBe(202);
    expect(await finished(forced.body.data.id)).toBe('completed');
    expect(await payouts()).toBe(2);
    const again = await finance.get('/api/v1/payin-payout/payout/preview?period=2031-03');
    expect(again.body.data).toMatchObject({ count: 0, cards: 0, totalCents: 0 });
  });

  it('refuses a month whose pay-in never ran (409), as forcing does', async () => {
    const res = await finance.get('/api/v1/payin-payout/payout/preview?period=2031-02');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      (await finance.post('/api/v1/payin-payout/payout?period=2031-02')).body.message,
    );
  });
});

describe('the preview of forced renewals', () => {
  it('names the New York day and the plans due then: none today', async () => {
    const res = await finance.get('/api/v1/subscriptions/authorize-and-capture-payments/preview');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      kind: 'subscriptions',
      period: '2031-03-29',
      count: 0,
      cards: 0,
      totalCents: 0,
      waitingRenewals: 0,
    });
  });
});

describe('who may ask', () => {
  it('only a role that may force the run (support may not)', async () => {
    for (const path of [
      '/api/v1/payin-payout/payin/preview',
      '/api/v1/payin-payout/payout/preview',
      '/api/v1/subscriptions/authorize-and-capture-payments/preview',
    ])
      expect((await support.get(path)).status, path).toBe(403);
  });
});
