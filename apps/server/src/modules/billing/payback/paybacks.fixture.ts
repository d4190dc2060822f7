import { expect } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { runDueWork } from '../schedule/tick.ts';

/**
 * The world the pay-back tests start from (test-only): Ann with three cards (a good Visa, one
 * whose account is closed so pay-backs to it are returned, and a Mastercard), Bob with one, an
 * admin; Ann subscribed, and January 2031's $3 charged on her three cards.
 */
export async function paybacksWorld() {
  const clock = fixedClock('2031-01-10T15:00:00Z');
  const t: TestApp = await startTestApp({}, { clock });
  const ann: Api = await signedInUser(t, 'ann@example.com');
  const bob: Api = await signedInUser(t, 'bob@example.com');
  const admin: Api = await signedInUser(t, 'ops@pria.example', ['admin']);
  const cards = {
    visa: (await addCard(ann, testCards.visa)).body.data.id as string,
    closed: (await addCard(ann, '4000 0000 0000 5126')).body.data.id as string,
    shaky: (await addCard(ann, testCards.mastercard)).body.data.id as string,
    bobs: (await addCard(bob, testCards.visa)).body.data.id as string,
  };
  expect((await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cards.visa })).status).toBe(
    200,
  );
  /** Runs the tick at `iso` (the engine's clock moves there). */
  const at = (iso: string, deps: BillingDeps = t.billing) => {
    clock.set(iso);
    return runDueWork(deps, clock.now());
  };
  const instrumentOf = async (cardId: string) =>
    (
      await t.db
        .selectFrom('cards')
        .select('instrument_id')
        .where('id', '=', cardId)
        .executeTakeFirstOrThrow()
    ).instrument_id;
  // January 28th, 16:01 New York: the three cards are charged.
  await at('2031-01-28T21:01:00Z');
  return { t, clock, ann, bob, admin, cards, at, instrumentOf };
}
