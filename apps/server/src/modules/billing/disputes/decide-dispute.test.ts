import { cents } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedInUser } from '../../../test/customers.ts';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { recordDisputeEvent } from './record-dispute-event.ts';

// Finance records a dispute's outcome the processor will not report (issue 16): won releases the
// withheld pay-back, lost keeps it; once only; recorded with who decided.
let t: TestApp;
let finance: Api;
let support: Api;
const disputes: Record<string, { id: string; payoutId: string }> = {};

beforeAll(async () => {
  t = await startTestApp();
  finance = await signedInUser(t, 'finance@pria.example', ['finance']);
  support = await signedInUser(t, 'support@pria.example', ['support']);
  const customer = await insertCustomer(t.db, { email: 'decide@example.com' });
  const card = await insertCard(t.db, customer);
  for (const [name, period] of [
    ['won', '2029-05'],
    ['lost', '2029-06'],
  ] as const) {
    const charge = await insertCharge(t.db, {
      customerId: customer,
      cardId: card,
      period,
      createdAt: new Date(`${period}-28T21:00:00Z`),
    });
    const payoutId = await insertPayout(t.db, charge, {
      status: 'pending',
      createdAt: new Date(`${period}-28T22:00:00Z`),
    });
    const ref = (
      await t.db
        .selectFrom('payment_attempts')
        .select('reference')
        .where('id', '=', charge)
        .executeTakeFirstOrThrow()
    ).reference;
    await recordDisputeEvent(t.db, {
      chargeReference: ref,
      disputeId: `case-${name}`,
      amountCents: cents(300),
      status: 'open',
      reason: null,
      at: new Date(),
    });
    const d = await t.db
      .selectFrom('disputes')
      .select('id')
      .where('attempt_id', '=', charge)
      .executeTakeFirstOrThrow();
    disputes[name] = { id: d.id, payoutId };
  }
}, 60_000);
afterAll(() => t?.stop());

const payoutStatus = async (id: string) =>
  (await t.db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('finance decides a dispute', () => {
  it('support may not', async () => {
    const res = await support.post(`/api/v1/disputes/${disputes.won?.id}/decision`, { outcome: 'won' });
    expect(res.status).toBe(403);
  });

  it('won: the pay-back is owed again, and the decision is audited with who made it', async () => {
    const d = disputes.won as { id: string; payoutId: string };
    const res = await finance.post(`/api/v1/disputes/${d.id}/decision`, {
      outcome: 'won',
      note: 'evidence accepted',
    });
    expect(res.status).toBe(200);
    expect(await payoutStatus(d.payoutId)).toBe('pending');
    const audit = await sql<{ actor: string; after: unknown }>`
      select actor, after from staff_audit where action = 'dispute.decide' and target_id = ${d.id}`.execute(
      t.db,
    );
    expect(audit.rows).toEqual([
      { actor: 'finance@pria.example', after: { status: 'won', note: 'evidence accepted' } },
    ]);
  });

  it('lost: the pay-back stays withheld', async () => {
    const d = disputes.lost as { id: string; payoutId: string };
    expect((await finance.post(`/api/v1/disputes/${d.id}/decision`, { outcome: 'lost' })).status).toBe(200);
    expect(await payoutStatus(d.payoutId)).toBe('withheld');
  });

  it('once only: deciding again is refused and changes nothing', async () => {
    const d = disputes.lost as { id: string; payoutId: string };
    expect((await finance.post(`/api/v1/disputes/${d.id}/decision`, { outcome: 'won' })).status).toBe(409);
    expect(await payoutStatus(d.payoutId)).toBe('withheld');
  });

  it('an unknown dispute is 404', async () => {
    const res = await finance.post('/api/v1/disputes/00000000-0000-4000-8000-000000000000/decision', {
      outcome: 'won',
    });
    expect(res.status).toBe(404);
  });
});
