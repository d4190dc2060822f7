import { cents } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedInUser } from '../../../test/customers.ts';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { recordDisputeEvent } from './record-dispute-event.ts';

/**
 * The disputes list says what each dispute means for the charge's pay-back (issue 29): a plan
 * charge has none, never "Withheld"; a $3 charge's is withheld, already sent, or released once won.
 */
let t: TestApp;
let finance: Api;
const charges: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  finance = await signedInUser(t, 'finance@pria.example', ['finance']);
  const customer = await insertCustomer(t.db, { email: 'disputes@example.com' });
  const card = await insertCard(t.db, customer);
  const open = async (name: string, o: { kind?: 'subscription'; period: string; paid?: boolean }) => {
    const id = await insertCharge(t.db, {
      customerId: customer,
      cardId: card,
      kind: o.kind,
      period: o.period,
      amount: o.kind ? 3897 : 300,
      createdAt: new Date('2029-05-28T21:00:00Z'),
    });
    if (o.kind === undefined)
      await insertPayout(t.db, id, {
        status: o.paid ? 'paid' : 'pending',
        createdAt: new Date('2029-05-28T22:00:00Z'),
      });
    const { reference } = await t.db
      .selectFrom('payment_attempts')
      .select('reference')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await recordDisputeEvent(t.db, {
      chargeReference: reference,
      disputeId: `case-${name}`,
      amountCents: cents(o.kind ? 3897 : 300),
      status: 'open',
      reason: null,
      at: new Date(),
    });
    charges[name] = id;
  };
  await open('plan', { kind: 'subscription', period: '2029-05-10' });
  await open('withheld', { period: '2029-05' });
  await open('sent', { period: '2029-04', paid: true });
  await open('won', { period: '2029-03' });
}, 60_000);
afterAll(() => t?.stop());

const listed = async (name: string) =>
  ((await finance.get('/api/v1/disputes')).body.data as { chargeId: string }[]).find(
    (d) => d.chargeId === charges[name],
  );

describe("the disputes list's pay-back", () => {
  it('is none for a plan charge, which has no pay-back', async () => {
    expect(await listed('plan')).toMatchObject({ chargeKind: 'subscription', payback: 'none', amount: 3897 });
  });

  it('is withheld for an open dispute of a $3 charge, and already sent when it was paid first', async () => {
    expect(await listed('withheld')).toMatchObject({ chargeKind: 'payin', payback: 'withheld' });
    expect(await listed('sent')).toMatchObject({ chargeKind: 'payin', payback: 'already_sent' });
  });

  it('is released once a $3 dispute is won, and still none for a plan charge decided', async () => {
    for (const name of ['won', 'plan']) {
      const d = (await listed(name)) as unknown as { id: string };
      expect((await finance.post(`/api/v1/disputes/${d.id}/decision`, { outcome: 'won' })).status).toBe(200);
    }
    expect(await listed('won')).toMatchObject({ status: 'won', payback: 'released' });
    expect(await listed('plan')).toMatchObject({ status: 'won', payback: 'none' });
  });
});
