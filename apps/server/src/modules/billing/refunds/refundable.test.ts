import { randomUUID } from 'node:crypto';
import { adminMessages } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptStatus, DisputeStatus } from '../../../platform/db-schema.ts';
import { paymentAttemptMoves } from '../../../platform/money-state-machines.ts';
import { type Api, signedInUser } from '../../../test/customers.ts';
import {
  insertCard,
  insertCharge,
  insertCustomer,
  insertDispute,
  insertRefund,
} from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { refundableCents, refundBlocked } from './refundable.ts';
import { findCharge } from './refunds.repo.ts';

// Refundable, one rule (issue 38): for every combination of a charge's kind and state, its
// dispute's state and whether anything is left of it, the refund's rule (`refundBlocked`, read
// from `findCharge`), the staff list's Refund button (`refundableCents`, through the API) and the
// database's guard (`refunds_charge_rules`, as the runtime role) say the same. The database holds
// money's safety for any writer and does not know that staff refund only plan charges: for a
// pay-in it answers as for the same charge made for a plan.
interface Case {
  kind: 'payin' | 'subscription';
  status: AttemptStatus;
  dispute: DisputeStatus | null;
  /** Refunded in full before the dispute (only a captured charge can be). */
  refundedInFull: boolean;
}
const attemptStates = Object.keys(paymentAttemptMoves) as AttemptStatus[];
const cases: Case[] = (['payin', 'subscription'] as const).flatMap((kind) =>
  attemptStates.flatMap((status) =>
    ([null, 'open', 'won', 'lost'] as const).flatMap((dispute) =>
      (status === 'captured' ? [false, true] : [false]).map((refundedInFull) => ({
        kind,
        status,
        dispute,
        refundedInFull,
      })),
    ),
  ),
);

let t: TestApp;
let finance: Api;
const charges = new Map<string, Case>();
beforeAll(async () => {
  t = await startTestApp();
  finance = await signedInUser(t, 'finance@pria.example', ['finance']);
  const customerId = await insertCustomer(t.db, { email: 'refundable@example.com' });
  const cardId = await insertCard(t.db, customerId);
  let month = 0;
  for (const c of cases) {
    month++;
    const period = `${2040 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
    const id = await insertCharge(t.db, {
      customerId,
      cardId,
      kind: c.kind,
      period: c.kind === 'payin' ? period : `${period}-01`,
      status: c.status,
      amount: c.kind === 'payin' ? 300 : 3897,
      createdAt: new Date(),
    });
    if (c.refundedInFull)
      await insertRefund(t.db, id, { cents: c.kind === 'payin' ? 300 : 3897, status: 'refunded' });
    if (c.dispute) await insertDispute(t.db, id, { status: c.dispute });
    charges.set(id, c);
  }
}, 120_000);
afterAll(() => t?.stop());

/** Whether the database takes a 1-cent refund of the charge from the runtime role (rolled back). */
async function databaseTakes(attemptId: string): Promise<boolean | string> {
  try {
    await t.appDb.transaction().execute(async (tx) => {
      const key = randomUUID();
      const r =
        await sql`insert into refunds (attempt_id, customer_id, card_id, amount_cents, mode, reason, request_key,
                                     reference, status, requested_by, created_at)
        select id, customer_id, card_id, 1, 'full', 'rule test', ${key}, ${`refund:${key}`}, 'submitted', 'test', now()
        from payment_attempts where id = ${attemptId}`.execute(tx);
      if (r.numAffectedRows !== 1n) throw new Error(`no charge ${attemptId}`);
      throw new Error('rollback');
    });
    return true;
  } catch (err) {
    if ((err as Error).message === 'rollback') return true;
    return (err as { constraint?: string }).constraint ?? (err as Error).message;
  }
}

describe('refundable', () => {
  it(`writes every combination (${cases.length})`, () => {
    expect(charges.size).toBe(cases.length);
  });

  it('the refund, the staff list and the database answer alike, for every combination', async () => {
    const rows = new Map<string, number | null>();
    for (let page = 1; rows.size < charges.size && page <= 5; page++) {
      const list = await finance.get(`/api/v1/admin/transactions?limit=50&page=${page}&type=CAPTURE`);
      expect(list.status).toBe(200);
      for (const r of list.body.data.rows as { id: string; refundableCents: number | null }[])
        rows.set(r.id, r.refundableCents);
    }
    expect(rows.size).toBe(charges.size);
    const disagreements = [];
    for (const [id, c] of charges) {
      const charge = await findCharge(t.db, id);
      if (!charge) throw new Error(`no charge ${id}`);
      const refusal = refundBlocked(charge);
      const asPlanCharge = refundBlocked({ ...charge, kind: 'subscription' });
      const db = await databaseTakes(id);
      const button = rows.get(id);
      const agree =
        (db === true) === (asPlanCharge === null) &&
        button === refundableCents(charge) &&
        (refusal === null) === (typeof button === 'number' && button > 0);
      if (!agree) disagreements.push({ case: c, refusal, db, button });
    }
    expect(disagreements).toEqual([]);
  });

  it('says what the rule says of the cases that matter', async () => {
    const find = async (want: Partial<Case>) => {
      const hit = [...charges].find(([, c]) =>
        Object.entries(want).every(([k, v]) => c[k as keyof Case] === v),
      );
      const charge = hit && (await findCharge(t.db, hit[0]));
      if (!charge) throw new Error(`no case ${JSON.stringify(want)}`);
      return charge;
    };
    const plan = { kind: 'subscription', status: 'captured', refundedInFull: false } as const;
    expect(refundBlocked(await find({ ...plan, dispute: null }))).toBeNull();
    expect(refundBlocked(await find({ ...plan, dispute: 'won' }))).toBeNull();
    expect(refundBlocked(await find({ ...plan, dispute: 'open' }))).toBe(adminMessages.refundWhileDisputed);
    expect(refundBlocked(await find({ ...plan, dispute: 'lost' }))).toBe(
      adminMessages.refundAfterDisputeLost,
    );
    expect(refundBlocked(await find({ ...plan, dispute: null, refundedInFull: true }))).toBe(
      adminMessages.refundNothingLeft,
    );
    expect(refundBlocked(await find({ ...plan, dispute: null, status: 'declined' }))).toBe(
      adminMessages.refundOnlyPlanCharges,
    );
    expect(refundableCents(await find({ ...plan, dispute: 'open' }))).toBe(0);
    expect(refundableCents(await find({ ...plan, dispute: null }))).toBe(3897);
    expect(refundableCents(await find({ ...plan, kind: 'payin', dispute: null }))).toBeNull();
  });

  it('the database names each refusal, so staff read it in the same words', async () => {
    const idOf = (want: Case) => {
      const hit = [...charges].find(([, c]) =>
        (Object.keys(want) as (keyof Case)[]).every((k) => c[k] === want[k]),
      );
      if (!hit) throw new Error(`no case ${JSON.stringify(want)}`);
      return hit[0];
    };
    const plan = { kind: 'subscription', status: 'captured', refundedInFull: false } as const;
    expect(await databaseTakes(idOf({ ...plan, dispute: 'open' }))).toBe('refunds_not_while_disputed');
    expect(await databaseTakes(idOf({ ...plan, dispute: 'lost' }))).toBe('refunds_not_after_dispute_lost');
    expect(await databaseTakes(idOf({ ...plan, dispute: null, refundedInFull: true }))).toBe(
      'refunds_within_charge',
    );
    expect(await databaseTakes(idOf({ ...plan, status: 'declined', dispute: null }))).toBe(
      'refunds_of_captured_charges',
    );
  });
});
