import { adminMessages } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCharge, insertPayout } from '../../../test/db-rows.ts';
import { processMoneyEvents } from '../../notifications/index.ts';
import { paybacksWorld } from './paybacks.fixture.ts';

/**
 * A returned pay-back (issue 21): the card is closed, so it waits in the staff queue with the
 * customer's other cards and is paid to the one staff choose, never back to a card that returned
 * it. Recorded with who did it. (A delayed one: retry-payback-now.test.ts.)
 */
type World = Awaited<ReturnType<typeof paybacksWorld>>;
let t: World['t'];
let ann: World['ann'];
let admin: World['admin'];
let cards: World['cards'];
let at: World['at'];
let instrumentOf: World['instrumentOf'];
beforeAll(async () => {
  ({ t, ann, admin, cards, at, instrumentOf } = await paybacksWorld());
}, 60_000);
afterAll(() => t?.stop());

describe('a returned pay-back', () => {
  it('waits for staff with the customer’s other cards, then is paid to the card staff choose', async () => {
    // February 2nd, 16:01: the closed card cannot take the credit; nothing retries it blindly.
    await at('2031-02-02T21:01:00Z');
    const returned = await t.db
      .selectFrom('payouts')
      .selectAll()
      .where('card_id', '=', cards.closed as string)
      .executeTakeFirstOrThrow();
    expect(returned).toMatchObject({ status: 'returned', last_error: 'Account closed', tries: 1 });
    await at('2031-02-03T21:01:00Z');
    expect(
      (
        await t.db
          .selectFrom('payouts')
          .select('tries')
          .where('id', '=', returned.id)
          .executeTakeFirstOrThrow()
      ).tries,
    ).toBe(1);

    const activity = (await ann.get('/api/v1/transactions?limit=20')).body.data.rows as {
      type: string;
      transactionState: string;
      remarks: string | null;
      card: { id: string };
    }[];
    expect(activity.find((r) => r.type === 'payment' && r.card.id === cards.closed)).toMatchObject({
      transactionState: 'Returned',
      remarks: 'Your card could not receive it; Pria support will send it to another of your cards',
    });
    const events = await sql<{
      type: string;
    }>`select type from money_events where card_id = ${cards.closed}`.execute(t.db);
    expect(events.rows.map((e) => e.type).sort()).toEqual(['charge.succeeded', 'payout.returned']);

    const queue = await admin.get('/api/v1/billing/payouts/attention');
    expect(queue.status).toBe(200);
    expect(queue.body.data).toHaveLength(1);
    expect(queue.body.data[0]).toMatchObject({
      id: returned.id,
      state: 'returned',
      amount: 300,
      reason: 'Account closed',
      card: { id: cards.closed, lastFour: '5126' },
      sentTo: null,
    });
    expect(queue.body.data[0].otherCards.map((c: { id: string }) => c.id).sort()).toEqual(
      [cards.visa, cards.shaky].sort(),
    );

    // Customers cannot see or move it; bad requests change nothing.
    expect((await ann.get('/api/v1/billing/payouts/attention')).status).toBe(403);
    const path = `/api/v1/billing/payouts/${returned.id}/send-to-card`;
    expect((await ann.post(path, { cardId: cards.visa })).status).toBe(403);
    const foreign = await admin.post(path, { cardId: cards.bobs });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(adminMessages.paybackCardNotOwn);
    expect((await admin.post(path, { cardId: 'not-a-card' })).status).toBe(400);
    const same = await admin.post(path, { cardId: cards.closed });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(adminMessages.paybackSameCard);
    expect((await admin.post(path, {})).status).toBe(400);
    const unknown = await admin.post(`/api/v1/billing/payouts/${crypto.randomUUID()}/send-to-card`, {
      cardId: cards.visa,
    });
    expect(unknown.status).toBe(404);
    expect(
      (
        await t.db
          .selectFrom('payouts')
          .select('status')
          .where('id', '=', returned.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('returned');

    const sent = await admin.post(path, { cardId: cards.visa });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(adminMessages.paybackSent);
    const again = await admin.post(path, { cardId: cards.visa });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(adminMessages.paybackNotReturned);

    // The next tick pays it to the chosen card, once.
    await at('2031-02-03T21:02:00Z');
    const paid = await t.db
      .selectFrom('payouts')
      .selectAll()
      .where('id', '=', returned.id)
      .executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ status: 'paid', tries: 2, paid_to_card_id: cards.visa });
    const moves = await sql<{ instrument_id: string; status: string }>`
      select instrument_id, status from gateway_sim.transactions
      where kind = 'payout' and reference like ${`payout:${returned.id}:%`} order by seq`.execute(t.db);
    expect(moves.rows).toEqual([
      { instrument_id: await instrumentOf(cards.closed as string), status: 'returned' },
      { instrument_id: await instrumentOf(cards.visa as string), status: 'paid' },
    ]);
    const log = await sql<{ actor: string; message: string }>`
      select actor, message from event_log where message like 'Returned pay-back%'`.execute(t.db);
    expect(log.rows).toEqual([
      {
        actor: 'ops@pria.example',
        message: `Returned pay-back ${returned.id} sent to visa 1111 by ops@pria.example`,
      },
    ]);
    expect((await admin.get('/api/v1/billing/payouts/attention')).body.data).toEqual([]);
  });

  it('is reported on the card it was paid to: the money event, the email, the activity and the list', async () => {
    const returned = await t.db
      .selectFrom('payouts')
      .select('id')
      .where('card_id', '=', cards.closed as string)
      .executeTakeFirstOrThrow();
    const sentEvent = await sql<{ card_id: string }>`
      select card_id from money_events where type = 'payout.sent'
        and dedupe_key = ${`payout.sent:payout:${returned.id}:2`}`.execute(t.db);
    expect(sentEvent.rows).toEqual([{ card_id: cards.visa }]);
    await processMoneyEvents(t.notifications);
    const mail = await sql<{ subject: string }>`
      select subject from message_outbox where recipient = 'ann@example.com' and channel = 'email'
        and subject like 'We paid $3.00 back%'`.execute(t.db);
    expect(mail.rows.map((m) => m.subject)).toContain('We paid $3.00 back to your Visa •••• 1111');
    expect(mail.rows.map((m) => m.subject)).not.toContain('We paid $3.00 back to your Visa •••• 5126');
    const activity = (await ann.get('/api/v1/transactions?limit=20')).body.data.rows as {
      id: string;
      card: { id: string };
    }[];
    expect(activity.find((r) => r.id === returned.id)?.card.id).toBe(cards.visa);
    const { id: annId } = await t.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'ann@example.com')
      .executeTakeFirstOrThrow();
    const list = (await admin.get(`/api/v1/admin/transactions?userId=${annId}&limit=50`)).body.data.rows as {
      id: string;
      card: { lastFour: string };
      description: string;
    }[];
    expect(list.find((r) => r.id === returned.id)?.card.lastFour).toBe('1111');
    // Staff read the pay-back in their words, the customer in theirs (issue 29).
    expect(list.find((r) => r.id === returned.id)?.description).toBe(
      "Charge & Pay pay-back to the customer's card",
    );
    const staffActivity = (await admin.get(`/api/v1/customers/${annId}/transactions?limit=20`)).body.data
      .rows as { id: string; description: string }[];
    expect(staffActivity.find((r) => r.id === returned.id)?.description).toBe(
      "Charge & Pay pay-back to the customer's card",
    );
    const own = (await ann.get('/api/v1/transactions?limit=20')).body.data.rows as {
      id: string;
      description: string;
    }[];
    expect(own.find((r) => r.id === returned.id)?.description).toBe('Charge & Pay payment to your card');
  });

  it('never goes back to the card that returned it, whatever path writes it', async () => {
    const paid = await t.db
      .selectFrom('payouts')
      .select(['id', 'customer_id'])
      .where('card_id', '=', cards.closed as string)
      .executeTakeFirstOrThrow();
    // Paid, where it went is written once (migration 0090).
    const paidBack = sql`update payouts set paid_to_card_id = card_id where id = ${paid.id}`.execute(t.db);
    await expect(paidBack).rejects.toMatchObject({ constraint: 'payouts_written_once' });
    // Returned and waiting for staff, it may go anywhere but to the card that returned it.
    const charge = await insertCharge(t.db, {
      customerId: paid.customer_id,
      cardId: cards.closed as string,
      period: '2031-05',
      createdAt: new Date('2031-05-28T21:00:00Z'),
    });
    const returned = await insertPayout(t.db, charge, {
      status: 'returned',
      createdAt: new Date('2031-06-02T21:00:00Z'),
    });
    const back = sql`update payouts set paid_to_card_id = card_id where id = ${returned}`.execute(t.db);
    await expect(back).rejects.toMatchObject({ constraint: 'payouts_not_to_returning_card' });
  });
});
